// Which format a picked file is, from its name and first characters: the move-in screen's first guess,
// which the user can change (kept apart from the parsers so the web app loads none of them).
import type { TJournalFormat } from './journal-types.ts';

/** The format a file's name and first characters suggest (the screen lets the user change it). */
export function guessFormat(fileName: string, head: string): TJournalFormat {
  const name = fileName.toLowerCase();
  const start = head.replace(/^\uFEFF/, '').trimStart();
  // PP's XML (`<client>`), and its password-protected file, which the reader refuses with the reason.
  if (name.endsWith('.xml') || /^(<\?xml[^>]*>\s*)?<client[\s>]/.test(start) || start.startsWith('PORTFOLIO'))
    return 'portfolio_performance';
  if (name.endsWith('.json') || start.startsWith('{')) return 'ghostfolio';
  if (name.endsWith('.csv') || /^[^\n]*activitytype/i.test(start)) return 'wealthfolio';
  if (
    name.endsWith('.beancount') ||
    name.endsWith('.bean') ||
    /^\d{4}-\d{2}-\d{2}\s+(open|price|commodity)\b/m.test(start)
  )
    return 'beancount';
  return 'ledger';
}
