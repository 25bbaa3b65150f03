import type { TJournalFormat } from '@strata/core/journals/journal-types';

/** Where in the file a notice points: an export's activity or row, a journal's line, or the whole file. */
export function noticePlace(format: TJournalFormat, line: number): string {
  if (line < 0) return 'File';
  if (format === 'ghostfolio') return `Activity ${line}`;
  if (format === 'wealthfolio') return `Row ${line}`;
  // PP's transactions, numbered as read: each account's, then each portfolio's.
  if (format === 'portfolio_performance') return `Transaction ${line}`;
  return `Line ${line}`;
}

/** The import task's progress as a sentence (stages from the journal import's task). */
export function progressText(progress: Record<string, unknown> | null): string | null {
  if (!progress) return 'Waiting to start…';
  if (progress.stage === 'reading') return 'Reading the file…';
  if (progress.stage === 'writing')
    return `Writing ${Number(progress.written ?? 0)} of ${Number(progress.total ?? 0)} transactions…`;
  return null;
}
