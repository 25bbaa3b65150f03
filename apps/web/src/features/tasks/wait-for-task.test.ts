import type { TTask } from '@strata/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { TASK_POLL_INTERVAL_MS, TaskFailedError, TaskNotFoundError, waitForTask } from './wait-for-task.ts';

const task = (status: TTask['status'], error: string | null = null): TTask => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'repository_import',
  status,
  repository_id: null,
  error,
  progress: null,
  result: null,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  started_at: null,
  finished_at: null,
});

function scripted(statuses: Array<TTask | undefined>) {
  const sleeps: number[] = [];
  let reads = 0;
  return {
    sleeps,
    reads: () => reads,
    options: {
      readTask: async () => statuses[Math.min(reads++, statuses.length - 1)],
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
    },
  };
}

describe('waitForTask (seed §4/§7)', () => {
  it('polls at once, then every 30 s while waiting or running, and resolves on succeeded', async () => {
    const run = scripted([task('waiting'), task('running'), task('succeeded')]);
    expect((await waitForTask('t', run.options)).status).toBe('succeeded');
    expect(run.reads()).toBe(3);
    expect(run.sleeps).toEqual([TASK_POLL_INTERVAL_MS, TASK_POLL_INTERVAL_MS]);
    expect(TASK_POLL_INTERVAL_MS).toBe(30_000);
  });

  it('resolves on done', async () => {
    expect((await waitForTask('t', scripted([task('done')]).options)).status).toBe('done');
  });

  it.each(['failed', 'aborted', 'time_out'] as const)('rejects on %s with the task error', async (status) => {
    const failing = waitForTask('t', scripted([task('running'), task(status, 'bad file')]).options);
    await expect(failing).rejects.toBeInstanceOf(TaskFailedError);
    await expect(failing).rejects.toThrow('bad file');
  });

  it('rejects when the task is gone', async () => {
    await expect(waitForTask('t', scripted([undefined]).options)).rejects.toBeInstanceOf(TaskNotFoundError);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const waiting = waitForTask('t', {
      readTask: async () => task('running'),
      intervalMs: 60_000,
      signal: controller.signal,
    });
    controller.abort(new Error('left the page'));
    await expect(waiting).rejects.toThrow('left the page');
  });
});
