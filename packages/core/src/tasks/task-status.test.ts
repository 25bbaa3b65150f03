import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isFinished,
  isProcessing,
  parseTaskStatus,
  parseTaskType,
  rejectsWaiter,
  resolvesWaiter,
  statusesThatMayBecome,
  TASK_STATUSES,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  taskOutcome,
} from './task-status.ts';

describe('task status rules (seed §4)', () => {
  it('counts waiting and running as processing and every other status as finished', () => {
    expect(TASK_STATUSES.filter(isProcessing)).toEqual(['waiting', 'running']);
    expect(TASK_STATUSES.filter(isFinished)).toEqual(['succeeded', 'failed', 'time_out', 'aborted', 'done']);
  });

  it('resolves the waiting caller on done or succeeded and rejects it on aborted, failed or time out', () => {
    expect(TASK_STATUSES.filter(resolvesWaiter)).toEqual(['succeeded', 'done']);
    expect(TASK_STATUSES.filter(rejectsWaiter)).toEqual(['failed', 'time_out', 'aborted']);
    expect(TASK_STATUSES.map(taskOutcome)).toEqual([
      'pending',
      'pending',
      'resolved',
      'rejected',
      'rejected',
      'rejected',
      'resolved',
    ]);
  });

  it('never moves a finished task and lets a waiting or running task be aborted', () => {
    for (const from of TASK_STATUSES.filter(isFinished)) {
      for (const to of TASK_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
    expect(canTransition('waiting', 'running')).toBe(true);
    expect(canTransition('running', 'waiting')).toBe(false);
    expect(canTransition('waiting', 'succeeded')).toBe(false);
    expect(statusesThatMayBecome('aborted')).toEqual(['waiting', 'running']);
    expect(statusesThatMayBecome('succeeded')).toEqual(['running']);
  });

  it("reads the seed's words and the codes alike", () => {
    expect(parseTaskStatus('time out')).toBe('time_out');
    expect(parseTaskStatus(' Time-Out ')).toBe('time_out');
    expect(parseTaskStatus('time_out')).toBe('time_out');
    expect(parseTaskStatus('paused')).toBeUndefined();
    expect(parseTaskType('repository import')).toBe('repository_import');
    expect(parseTaskType('eod_search')).toBe('eod_search');
    expect(parseTaskType('import')).toBeUndefined();
    for (const type of TASK_TYPES) expect(parseTaskType(TASK_TYPE_LABELS[type])).toBe(type);
  });
});
