import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../dates/epoch-day.ts';
import { CommitmentBook, commitmentsView } from './commitments.ts';

describe('commitments', () => {
  it('unfunded = commitment − called + recallable; subscribe and fund counts as committed, called, contributed', () => {
    const book = new CommitmentBook();
    const fund = book.fund('b|f', 'b', 'f', 'Fund');
    book.onCommitment(fund, 'subscribe and commit', 1000);
    book.onPosition(fund, 'subscribe and fund', 200);
    book.onCommitment(fund, 'capital call', -300);
    book.onPosition(fund, 'capital call', 300);
    book.onCommitment(fund, 'recallable capital return', 50);
    book.onCommitment(fund, 'release of commitment', -100);
    book.onFlow(fund, toEpochDay('2024-01-01'), 500);
    book.onFlow(fund, toEpochDay('2024-06-01'), -100);
    const [row, total] = commitmentsView(book, () => 450, toEpochDay('2024-12-31'));
    expect(row).toMatchObject({
      commitment: 1100,
      called: 500,
      contributed: 500,
      recallable: 50,
      unfunded: 650,
      paid_in: 500,
      distributions: 100,
      nav: 450,
      dpi: 0.2,
      rvpi: 0.9,
    });
    expect(row!.tvpi).toBeCloseTo(1.1, 12);
    expect(row!.irr).toBeGreaterThan(0);
    expect(total).toMatchObject({ name: 'Total', unfunded: 650 });
  });

  it('an unknown NAV leaves the ratios that need it null', () => {
    const book = new CommitmentBook();
    const fund = book.fund('b|f', 'b', 'f', 'Fund');
    book.onFlow(fund, 0, 100);
    const [row] = commitmentsView(book, () => Number.NaN, 365);
    expect(row).toMatchObject({
      nav: null,
      rvpi: null,
      tvpi: null,
      irr: null,
      irr_reason: 'MISSING_VALUE',
      dpi: 0,
    });
  });
});
