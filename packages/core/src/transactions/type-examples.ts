// One worked example of every transaction type over a small example repository — the same examples as
// docs/domain.md, kept as data so tests (and later analytics scenario tests) use exactly what the docs say.
// Amounts are in stored form (signs already forced); the effects follow DOMAIN.md's value-flow rule.
import type { TAssetRef, TTransactionDraft } from './validate-transaction.ts';

export interface TExampleAsset extends TAssetRef {
  ticker?: string;
}

export const EXAMPLE_ASSETS: ReadonlyMap<string, TExampleAsset> = new Map<string, TExampleAsset>([
  ['usd', { type: 'currency', name: 'US Dollar', ticker: 'USD' }],
  ['eur', { type: 'currency', name: 'Euro', ticker: 'EUR' }],
  ['bank', { type: 'bank account', name: 'Checking', category: 'Cash' }],
  ['brokerage', { type: 'investment account', name: 'Brokerage', category: 'Investments' }],
  ['home-owner', { type: 'other account', name: 'Home', category: 'Real assets' }],
  ['acme', { type: 'stock', name: 'Acme Corp', ticker: 'ACME' }],
  ['growth-fund', { type: 'private fund', name: 'Growth Fund III', ticker: 'GF3' }],
  ['house', { type: 'real estate', name: 'Lake house', ticker: 'HOUSE' }],
  ['dividends', { type: 'income account', name: 'Cash dividend', category: 'cash dividend' }],
  ['interest', { type: 'income account', name: 'Cash interest', category: 'cash interest' }],
  ['realized', { type: 'income account', name: 'Realized gain or loss', category: 'realized gain or loss' }],
  ['salary', { type: 'income account', name: 'Salary', category: 'current income' }],
  ['broker-fees', { type: 'expense account', name: 'Broker fees', category: 'Fees' }],
  ['rent', { type: 'expense account', name: 'Rent', category: 'Housing' }],
]);

export interface TTypeExample {
  draft: TTransactionDraft & { type: string };
  /** What the transaction does to positions, cost basis, income and external flows. */
  effect: string;
}

const e = (account_id: string, asset_id: string, amount: string, pos_id: string | null = null) => ({
  account_id,
  asset_id,
  amount,
  pos_id,
});

function example(
  type: string,
  date: string,
  description: string,
  entries: ReturnType<typeof e>[],
  effect: string,
): TTypeExample {
  return { draft: { type, date, description, entries }, effect };
}

export const TYPE_EXAMPLES: readonly TTypeExample[] = [
  example(
    'deposit',
    '2024-01-02',
    'Opening deposit',
    [e('bank', 'usd', '10000')],
    'Checking +10,000 USD. Nothing balances it, so +10,000 USD is an external inflow to the repository and to Checking.',
  ),
  example(
    'withdrawal',
    '2024-01-20',
    'Cash withdrawal',
    [e('bank', 'usd', '-500')],
    'Checking −500 USD; an external outflow of 500 USD.',
  ),
  example(
    'currency exchange',
    '2024-02-01',
    'USD to EUR',
    [e('bank', 'usd', '-1090'), e('bank', 'eur', '1000'), e('broker-fees', 'usd', '5')],
    'Checking −1,090 USD and +1,000 EUR; 5 USD booked as a fee expense. All entries are currency, valued at the day’s FX: at EUR/USD 1.085 they sum to −1,090 + 1,085 + 5 = 0, no external flow. At another rate the difference is an external flow (the spread), never a gain.',
  ),
  example(
    'transfer',
    '2024-02-05',
    'Fund the brokerage',
    [e('bank', 'usd', '-2000'), e('brokerage', 'usd', '2000')],
    'Checking −2,000 USD, Brokerage +2,000 USD. The repository sees no flow; each account sees an external flow of its own (out of Checking, into Brokerage).',
  ),
  example(
    'transfer in',
    '2024-02-10',
    'Shares moved in from another broker',
    [e('brokerage', 'acme', '50')],
    'Brokerage +50 ACME. No currency entry, so the units are valued at market on the date (50 × close) and that value is an external inflow; it is also the cost basis of the 50 units.',
  ),
  example(
    'transfer out',
    '2024-11-10',
    'Shares gifted',
    [e('brokerage', 'acme', '-10')],
    'Brokerage −10 ACME valued at market: an external outflow. Cost basis leaves with the units by the cost method (average cost by default); no realized gain.',
  ),
  example(
    'buy',
    '2024-03-01',
    'Buy 10 ACME at 150',
    [e('brokerage', 'acme', '10'), e('brokerage', 'usd', '-1505'), e('broker-fees', 'usd', '5', 'acme')],
    'Brokerage +10 ACME and −1,505 USD; 5 USD fee expense attributed to ACME. The shares take the value that balances the currency entries: 1,505 − 5 = 1,500 (the trade price, not the close). Cost basis +1,500 (the fee is an expense, not cost). No external flow for the repository or the account; for the ACME scope the 1,500 is a contribution and the fee an attributed expense.',
  ),
  example(
    'sell',
    '2024-06-03',
    'Sell 4 ACME at 180',
    [e('brokerage', 'acme', '-4'), e('brokerage', 'usd', '718'), e('broker-fees', 'usd', '2', 'acme')],
    'Brokerage −4 ACME and +718 USD; 2 USD fee attributed to ACME. The units are valued at 718 + 2 = 720 (gross proceeds). Realized gain = 720 − cost of 4 units by the cost method (at average cost 1,500/10 per unit: 720 − 600 = 120). No external flow.',
  ),
  example(
    'dividend',
    '2024-04-15',
    'ACME dividend',
    [e('brokerage', 'usd', '12.5'), e('dividends', 'usd', '-12.5', 'acme')],
    'Brokerage +12.50 USD; 12.50 USD income in the cash dividend category, attributed to ACME. Balanced: no external flow; ACME’s scope sees it as income (a distribution for MOIC).',
  ),
  example(
    'interest',
    '2024-04-30',
    'Savings interest',
    [e('bank', 'usd', '3.21'), e('interest', 'usd', '-3.21')],
    'Checking +3.21 USD; 3.21 USD cash interest income. No external flow.',
  ),
  example(
    'income',
    '2024-01-31',
    'January salary',
    [e('bank', 'usd', '4000'), e('salary', 'usd', '-4000')],
    'Checking +4,000 USD; 4,000 USD current income. No external flow: income explains the value change.',
  ),
  example(
    'expense',
    '2024-02-01',
    'February rent',
    [e('bank', 'usd', '-1200'), e('rent', 'usd', '1200')],
    'Checking −1,200 USD; 1,200 USD expense. No external flow.',
  ),
  example(
    'fee',
    '2024-03-31',
    'Quarterly custody fee',
    [e('brokerage', 'usd', '-25'), e('broker-fees', 'usd', '25', 'acme')],
    'Brokerage −25 USD; 25 USD expense attributed to ACME (lowers ACME’s return, not its cost basis). No external flow.',
  ),
  example(
    'stock split',
    '2024-07-01',
    'ACME 2-for-1 split',
    [e('brokerage', 'acme', '2')],
    'Brokerage ACME units × 2 (56 → 112 after the trades above); cost basis and value unchanged, cost per unit halves. No flow. Prices before the date are read unadjusted against the old units.',
  ),
  example(
    'valuation',
    '2024-12-31',
    'Appraisal',
    [e('home-owner', 'house', '450000')],
    'The Lake house position in Home is marked at 450,000 in its currency on the date: a price of 450,000 / units for valuing. No units change, no flow; the change against the previous value is unrealized gain.',
  ),
  example(
    'subscribe and commit',
    '2024-01-15',
    'Commit to Growth Fund III',
    [e('brokerage', 'growth-fund', '1000000')],
    'Commitment +1,000,000 and unfunded +1,000,000 for Growth Fund III in Brokerage. No units, no value, no flow.',
  ),
  example(
    'subscribe and fund',
    '2024-01-15',
    'Subscribe and pay in full',
    [e('brokerage', 'growth-fund', '250000'), e('brokerage', 'usd', '-250000')],
    'Brokerage +250,000 units of the fund and −250,000 USD; cost basis +250,000. Commitment, called and contributed each +250,000; unfunded unchanged. No external flow for the repository; a contribution for the fund’s scope (IRR, TVPI).',
  ),
  example(
    'capital call',
    '2024-03-20',
    'Capital call #1',
    [
      e('brokerage', 'growth-fund', '-100000'),
      e('brokerage', 'growth-fund', '100000'),
      e('brokerage', 'usd', '-100000'),
    ],
    'Unfunded −100,000 (called +100,000); Brokerage +100,000 fund units, −100,000 USD; cost basis +100,000; contributed +100,000. No repository flow; a contribution for the fund’s scope.',
  ),
  example(
    'capital contribution',
    '2024-04-02',
    'Equalisation payment',
    [e('brokerage', 'growth-fund', '5000'), e('brokerage', 'usd', '-5000')],
    'Brokerage +5,000 fund units, −5,000 USD; contributed +5,000, cost basis +5,000; commitment and unfunded unchanged.',
  ),
  example(
    'capital return',
    '2024-09-30',
    'Return of capital',
    [e('brokerage', 'usd', '30000'), e('brokerage', 'growth-fund', '-30000')],
    'Brokerage +30,000 USD, −30,000 fund units (valued at the 30,000 received). Distributions +30,000 (DPI); cost basis reduced by the cost of the units returned. Unfunded unchanged.',
  ),
  example(
    'recallable capital return',
    '2024-10-15',
    'Recallable distribution',
    [
      e('brokerage', 'usd', '20000'),
      e('brokerage', 'growth-fund', '-20000'),
      e('brokerage', 'growth-fund', '20000'),
    ],
    'As a capital return of 20,000, and unfunded +20,000 (recallable returns restore it: unfunded = commitment − called + recallable).',
  ),
  example(
    'release of commitment',
    '2024-12-31',
    'End of investment period',
    [e('brokerage', 'growth-fund', '-50000')],
    'Commitment −50,000 and unfunded −50,000. No units, no value, no flow.',
  ),
  example(
    'fund fees',
    '2024-06-30',
    'Management fee Q2',
    [
      e('broker-fees', 'usd', '2500', 'growth-fund'),
      e('brokerage', 'usd', '-2500'),
      e('brokerage', 'growth-fund', '-2500'),
    ],
    'Brokerage −2,500 USD; 2,500 USD expense attributed to the fund; called +2,500 and unfunded −2,500 (fees drawn from the commitment). For the fund’s scope the fee is a contribution that buys no units, so it lowers IRR and TVPI.',
  ),
  example(
    'cash dividend',
    '2024-08-15',
    'Fund dividend distribution',
    [e('brokerage', 'usd', '4000'), e('dividends', 'usd', '-4000', 'growth-fund')],
    'Brokerage +4,000 USD; 4,000 USD cash dividend income attributed to the fund; distributions +4,000. Cost basis and units unchanged.',
  ),
  example(
    'cash interest',
    '2024-08-15',
    'Fund interest distribution',
    [e('brokerage', 'usd', '1500'), e('interest', 'usd', '-1500', 'growth-fund')],
    'Brokerage +1,500 USD; 1,500 USD cash interest income attributed to the fund; distributions +1,500.',
  ),
  example(
    'realized gain or loss',
    '2024-11-30',
    'Gain on exit of a portfolio company',
    [e('brokerage', 'usd', '12000'), e('realized', 'usd', '-12000', 'growth-fund')],
    'Brokerage +12,000 USD; 12,000 USD realized gain attributed to the fund; distributions +12,000. Units and cost basis unchanged. A loss is entered with the opposite signs.',
  ),
];
