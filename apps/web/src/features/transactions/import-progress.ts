import type { TTask } from '@strata/contracts/tasks';

/** A background import's bar: the server checks every row first, then writes them (docs/transactions.md). */
export interface TImportProgressView {
  /** 0–100: checking fills the first half, writing the second. */
  percent: number;
  label: string;
}

const count = (value: number) => value.toLocaleString('en-US');

function numberIn(progress: Record<string, unknown> | null, key: string): number | undefined {
  const value = progress?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function importProgressOf(task: Pick<TTask, 'status' | 'progress'>): TImportProgressView {
  const total = numberIn(task.progress, 'total');
  if (task.status === 'waiting' || total === undefined) return { percent: 0, label: 'Waiting to start…' };
  const validated = Math.min(numberIn(task.progress, 'validated') ?? 0, total);
  const written = Math.min(numberIn(task.progress, 'written') ?? 0, total);
  if (total === 0) return { percent: 100, label: 'No rows to import' };
  const percent = Math.round(((validated + written) / (2 * total)) * 100);
  if (validated < total) return { percent, label: `Checked ${count(validated)} of ${count(total)} rows` };
  return { percent, label: `Written ${count(written)} of ${count(total)} rows` };
}
