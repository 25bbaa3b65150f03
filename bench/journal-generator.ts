// The generated journal of bench/journal-import.ts (issue 28's budget).
import { addDays } from '../packages/core/src/dates/epoch-day.ts';
import { seeded } from './linked-data/statement-files.ts';

/** The weekdays from 2015-01-05 on, `count` of them. */
function weekdays(count: number): string[] {
  const days: string[] = [];
  for (let day = '2015-01-05'; days.length < count; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  return days;
}

/**
 * A seeded ledger journal: a close for every stock and the EUR rate on each of `days` weekdays, then N
 * buys, sells (never more than held), dividends, fees and transfers over the stocks in two broker accounts.
 */
export function generateJournal(options: { transactions: number; stocks: number; days: number }): {
  text: string;
  prices: number;
} {
  const { transactions: COUNT, stocks: STOCKS, days: DAYS } = options;
  const random = seeded(28);
  const days = weekdays(DAYS);
  // Letters only: ledger and hledger take a commodity with digits only when quoted.
  const tickers = Array.from(
    { length: STOCKS },
    (_, index) =>
      `S${[...index.toString(26).padStart(3, '0')].map((digit) => String.fromCharCode(65 + Number.parseInt(digit, 26))).join('')}`,
  );
  const close = tickers.map(() => 10 + random() * 290);
  const parts: string[] = [];
  let prices = 0;
  // Prices first, day by day: a random walk per stock, the EUR rate beside.
  let rate = 1.1;
  for (const day of days) {
    rate = Math.max(0.8, rate * (1 + (random() - 0.5) * 0.01));
    parts.push(`P ${day} EUR ${rate.toFixed(4)} USD`);
    prices += 1;
    for (let index = 0; index < STOCKS; index += 1) {
      close[index] = Math.max(1, (close[index] as number) * (1 + (random() - 0.5) * 0.04));
      parts.push(`P ${day} ${tickers[index]} ${(close[index] as number).toFixed(2)} USD`);
      prices += 1;
    }
  }
  parts.push('', '2015-01-02 * Opening', '    Assets:Bank   100000000.00 USD', '    Equity:Opening', '');
  const held = new Map<string, number>();
  const accounts = ['Assets:Broker:A', 'Assets:Broker:B'];
  for (let index = 0; index < COUNT; index += 1) {
    const day = days[Math.floor((index / COUNT) * days.length)] as string;
    const stock = Math.floor(random() * STOCKS);
    const ticker = tickers[stock] as string;
    const account = accounts[stock % 2] as string;
    const price = (10 + random() * 290).toFixed(2);
    const units = 1 + Math.floor(random() * 50);
    const pick = random();
    const have = held.get(ticker) ?? 0;
    if (pick < 0.2 && have > 0) {
      const sold = Math.min(have, units);
      held.set(ticker, have - sold);
      const proceeds = (sold * Number(price) - 1).toFixed(2);
      parts.push(
        `${day} * Sell ${ticker} #${index}`,
        `    ${account}   -${sold} ${ticker} @ ${price} USD`,
        '    Expenses:Fees   1.00 USD',
        `    Assets:Bank   ${proceeds} USD`,
        '',
      );
    } else if (pick < 0.35) {
      parts.push(
        `${day} * Dividend ${ticker} #${index}`,
        `    Assets:Bank   ${(random() * 100 + 0.01).toFixed(2)} USD`,
        `    Income:Dividends:${ticker}`,
        '',
      );
    } else if (pick < 0.45) {
      parts.push(
        `${day} * Fee #${index}`,
        `    Expenses:Fees:Custody   ${(random() * 20 + 0.01).toFixed(2)} USD`,
        '    Assets:Bank',
        '',
      );
    } else if (pick < 0.5) {
      parts.push(
        `${day} * Transfer #${index}`,
        `    ${account}   ${price} USD`,
        `    Assets:Bank   -${price} USD`,
        '',
      );
    } else {
      held.set(ticker, have + units);
      parts.push(
        `${day} * Buy ${ticker} #${index}`,
        `    ${account}   ${units} ${ticker} @ ${price} USD`,
        '    Expenses:Fees   1.00 USD',
        `    Assets:Bank   -${(units * Number(price) + 1).toFixed(2)} USD`,
        '',
      );
    }
  }
  return { text: parts.join('\n'), prices };
}
