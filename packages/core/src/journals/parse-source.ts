// One entry for every format a move-in reads: journals by their parser, other tools' exports by theirs.
import { GhostfolioFormatError, parseGhostfolio } from './ghostfolio.ts';
import type { TJournalFormat, TParsedJournal } from './journal-types.ts';
import { parseJournal } from './parse-journal.ts';
import { PortfolioPerformanceFormatError, parsePortfolioPerformance } from './portfolio-performance.ts';
import { parseWealthfolio, WealthfolioFormatError } from './wealthfolio.ts';

/** Parses a file of the given format; a file that is not of it is one refusal (nothing is carried). */
export function parseSource(text: string, format: TJournalFormat): TParsedJournal {
  try {
    if (format === 'ghostfolio') return parseGhostfolio(text);
    if (format === 'wealthfolio') return parseWealthfolio(text);
    if (format === 'portfolio_performance') return parsePortfolioPerformance(text);
  } catch (error) {
    if (
      !(
        error instanceof GhostfolioFormatError ||
        error instanceof WealthfolioFormatError ||
        error instanceof PortfolioPerformanceFormatError
      )
    )
      throw error;
    return {
      format,
      accounts: new Map(),
      commodities: new Map(),
      prices: [],
      transactions: [],
      ignored: [],
      refused: [{ line: -1, message: error.message }],
    };
  }
  return parseJournal(text, format);
}
