/**
 * Task statuses and types (core seed §4). Stored and sent as snake_case codes; the seed's words
 * ('time out', 'repository import', …) are the labels, and either form is accepted as input.
 */

export const TASK_STATUSES = [
  'waiting',
  'running',
  'succeeded',
  'failed',
  'time_out',
  'aborted',
  'done',
] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_TYPES = [
  'link_account',
  'default',
  'eod_search',
  'repository_import',
  'sync_linked_account',
  'market_data_sync',
  'analytics_compute',
  'journal_import',
] as const;
export type TTaskType = (typeof TASK_TYPES)[number];

/** How a caller awaiting a task learns its end: resolved, rejected, or still pending. */
export type TTaskOutcome = 'pending' | 'resolved' | 'rejected';

const PROCESSING_STATUSES: ReadonlySet<TTaskStatus> = new Set(['waiting', 'running']);
const RESOLVING_STATUSES: ReadonlySet<TTaskStatus> = new Set(['done', 'succeeded']);
const REJECTING_STATUSES: ReadonlySet<TTaskStatus> = new Set(['aborted', 'failed', 'time_out']);

export function isProcessing(status: TTaskStatus): boolean {
  return PROCESSING_STATUSES.has(status);
}

export function isFinished(status: TTaskStatus): boolean {
  return !isProcessing(status);
}

export function resolvesWaiter(status: TTaskStatus): boolean {
  return RESOLVING_STATUSES.has(status);
}

export function rejectsWaiter(status: TTaskStatus): boolean {
  return REJECTING_STATUSES.has(status);
}

export function taskOutcome(status: TTaskStatus): TTaskOutcome {
  if (resolvesWaiter(status)) return 'resolved';
  if (rejectsWaiter(status)) return 'rejected';
  return 'pending';
}

/**
 * The moves a task may make. A finished task never changes again (a late worker must not overwrite an
 * abort); waiting may also end directly (aborted before it started, failed to start, timed out in the queue).
 */
const NEXT_STATUSES: Record<TTaskStatus, readonly TTaskStatus[]> = {
  waiting: ['running', 'aborted', 'failed', 'time_out'],
  running: ['succeeded', 'done', 'failed', 'aborted', 'time_out'],
  succeeded: [],
  failed: [],
  time_out: [],
  aborted: [],
  done: [],
};

export function canTransition(from: TTaskStatus, to: TTaskStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** The statuses a task may be in for a move to `to` to be allowed (for guarded UPDATEs). */
export function statusesThatMayBecome(to: TTaskStatus): TTaskStatus[] {
  return TASK_STATUSES.filter((from) => canTransition(from, to));
}

export const TASK_STATUS_LABELS: Record<TTaskStatus, string> = {
  waiting: 'waiting',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  time_out: 'time out',
  aborted: 'aborted',
  done: 'done',
};

export const TASK_TYPE_LABELS: Record<TTaskType, string> = {
  link_account: 'link account',
  default: 'default',
  eod_search: 'eod search',
  repository_import: 'repository import',
  sync_linked_account: 'sync linked account',
  market_data_sync: 'market data sync',
  analytics_compute: 'analytics compute',
  journal_import: 'journal import',
};

function codeOf(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** 'time out', 'Time-Out' and 'time_out' → 'time_out'; undefined when it is no status. */
export function parseTaskStatus(input: string): TTaskStatus | undefined {
  const code = codeOf(input);
  return (TASK_STATUSES as readonly string[]).includes(code) ? (code as TTaskStatus) : undefined;
}

/** 'repository import' and 'repository_import' → 'repository_import'; undefined when it is no type. */
export function parseTaskType(input: string): TTaskType | undefined {
  const code = codeOf(input);
  return (TASK_TYPES as readonly string[]).includes(code) ? (code as TTaskType) : undefined;
}
