import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from './background-tasks.ts';

describe('createBackgroundTasks', () => {
  it('waits for running tasks, including ones started while waiting, and logs failures', async () => {
    const errors: unknown[] = [];
    const tasks = createBackgroundTasks({ error: (object) => errors.push(object) });
    const done: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    tasks.run(
      gate.then(() => {
        done.push('first');
        tasks.run(Promise.resolve().then(() => done.push('second')));
      }),
    );
    tasks.run(Promise.reject(new Error('smtp down')));
    const idle = tasks.idle();
    release();
    await idle;
    expect(done).toEqual(['first', 'second']);
    expect(errors).toEqual([{ err: new Error('smtp down') }]);
  });

  it('is idle at once with nothing running', async () => {
    await expect(createBackgroundTasks({ error: () => {} }).idle()).resolves.toBeUndefined();
  });
});
