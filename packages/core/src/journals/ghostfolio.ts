// Ghostfolio's JSON export (Settings → Export: `meta`, `accounts`, `activities`, and since 2.x the custom
// `assetProfiles` with their `marketData`), read from its published shape, into journal transactions that
// map-journal.ts turns into smart transactions. Activities are numbered by their index in `activities`.
// docs/journal-import.md says what is carried and why.
import { Decimal } from '../money/decimal.ts';
import { amount, dayOf, decimalText, EXPORT_ACCOUNTS, ExportJournal } from './export-journal.ts';
import { isCurrencyCommodity } from './journal-postings.ts';
import type { TParsedJournal } from './journal-types.ts';

type TRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export class GhostfolioFormatError extends Error {}

interface TActivity {
  index: number;
  type: string;
  date: string;
  account: string;
  symbol: string;
  currency: string;
  quantity: Decimal;
  unitPrice: Decimal;
  fee: Decimal;
  description: string;
}

/** Reads an export's text; a file that is not a Ghostfolio export throws GhostfolioFormatError. */
export function parseGhostfolio(source: string): TParsedJournal {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    throw new GhostfolioFormatError('The file is not JSON: a Ghostfolio export is');
  }
  if (!isRecord(data) || !Array.isArray(data.activities))
    throw new GhostfolioFormatError('The file has no "activities" list: it is not a Ghostfolio export');
  const out = new ExportJournal('ghostfolio');

  // Accounts by id; a name used twice keeps the first, the next get their id's start.
  const accounts = new Map<string, { name: string; currency: string; balance: Decimal | null }>();
  const names = new Set<string>();
  for (const account of Array.isArray(data.accounts) ? data.accounts : []) {
    if (!isRecord(account) || !text(account.id)) continue;
    let name = text(account.name) || `Ghostfolio ${text(account.id).slice(0, 8)}`;
    if (names.has(name.toLowerCase())) name = `${name} (${text(account.id).slice(0, 8)})`;
    names.add(name.toLowerCase());
    const balance = decimalText(account.balance);
    accounts.set(text(account.id), {
      name,
      currency: text(account.currency).toUpperCase(),
      balance: balance === null ? null : new Decimal(balance),
    });
    if (Array.isArray(account.balances) && account.balances.length > 0)
      out.ignore(-1, `Account ${name}: the balance history is not carried (its cash follows the activities)`);
  }

  // Custom asset profiles: their market data are the export's only prices; a manual profile's symbol is an
  // id, so its name stands for it.
  const commodityOf = new Map<string, string>();
  for (const profile of Array.isArray(data.assetProfiles) ? data.assetProfiles : []) {
    if (!isRecord(profile)) continue;
    const symbol = text(profile.symbol);
    if (!symbol) continue;
    const isManual = text(profile.dataSource) === 'MANUAL';
    const commodity = isManual && text(profile.name) ? text(profile.name) : symbol;
    commodityOf.set(symbol, commodity);
    const currency = text(profile.currency).toUpperCase();
    for (const point of Array.isArray(profile.marketData) ? profile.marketData : []) {
      const date = isRecord(point) ? dayOf(point.date) : null;
      const close = isRecord(point) ? decimalText(point.marketPrice) : null;
      if (date && close && isCurrencyCommodity(currency))
        out.prices.push({ line: -1, date, commodity, price: amount(close, currency) });
    }
  }

  const activities: TActivity[] = [];
  data.activities.forEach((raw: unknown, index: number) => {
    const activity = readActivity(raw, index, accounts, commodityOf);
    if (typeof activity === 'string') out.refuse(index, activity);
    else activities.push(activity);
  });

  // Cash: every activity moves its account's cash, as in a brokerage account; what the account held before
  // comes in as an opening deposit on its first activity's day, so that the cash in the account's currency
  // ends at the export's balance and cash in any other currency ends at zero.
  const flows = new Map<string, Map<string, Decimal>>();
  const firstDay = new Map<string, { date: string; index: number }>();
  for (const a of activities) {
    const flow = cashFlowOf(a);
    const byCurrency = flows.get(a.account) ?? new Map<string, Decimal>();
    byCurrency.set(a.currency, (byCurrency.get(a.currency) ?? new Decimal(0)).plus(flow));
    flows.set(a.account, byCurrency);
    const first = firstDay.get(a.account);
    if (!first || a.date < first.date) firstDay.set(a.account, { date: a.date, index: a.index });
  }
  const exportDay = isRecord(data.meta) ? dayOf(data.meta.date) : null;
  for (const [id, account] of accounts) {
    const first = firstDay.get(account.name) ?? (exportDay ? { date: exportDay, index: -1 } : null);
    if (!first) continue;
    const byCurrency = flows.get(account.name) ?? new Map<string, Decimal>();
    if (account.balance && isCurrencyCommodity(account.currency) && !byCurrency.has(account.currency))
      byCurrency.set(account.currency, new Decimal(0));
    for (const [currency, flow] of [...byCurrency].sort(([a], [b]) =>
      a === account.currency ? -1 : b === account.currency ? 1 : a.localeCompare(b),
    )) {
      const held = currency === account.currency ? (account.balance ?? new Decimal(0)) : new Decimal(0);
      const opening = held.minus(flow);
      if (opening.isZero()) continue;
      out.add(first.index, first.date, `Opening balance of ${account.name} (Ghostfolio ${id.slice(0, 8)})`, [
        out.posting(first.index, out.holding(account.name), opening, currency),
        out.posting(
          first.index,
          out.account(EXPORT_ACCOUNTS.opening.name, EXPORT_ACCOUNTS.opening.root),
          null,
          currency,
        ),
      ]);
    }
  }
  // The openings first: an account's currency is that of its first cash.
  const openings = out.transactions.splice(0);
  for (const a of activities) write(out, a);
  out.transactions.unshift(...openings);
  return out.journal();
}

function readActivity(
  raw: unknown,
  index: number,
  accounts: Map<string, { name: string; currency: string }>,
  commodityOf: Map<string, string>,
): TActivity | string {
  if (!isRecord(raw)) return 'Not an activity';
  const type = text(raw.type).toUpperCase();
  const date = dayOf(raw.date);
  if (!date) return `${type || 'Activity'}: the date ${JSON.stringify(raw.date)} is not a date`;
  const account = accounts.get(text(raw.accountId));
  if (!account)
    return raw.accountId
      ? `${type}: account ${text(raw.accountId)} is not among the export's accounts`
      : `${type}: the activity has no account`;
  const currency = text(raw.currency).toUpperCase();
  if (!isCurrencyCommodity(currency)) return `${type}: ${JSON.stringify(raw.currency)} is not a currency`;
  const numbers = { quantity: raw.quantity, unitPrice: raw.unitPrice, fee: raw.fee ?? 0 };
  const parsed: Record<string, Decimal> = {};
  for (const [field, value] of Object.entries(numbers)) {
    const decimal = decimalText(value);
    if (decimal === null) return `${type}: ${field} ${JSON.stringify(value)} is not a number`;
    parsed[field] = new Decimal(decimal);
    if (parsed[field].isNegative()) return `${type}: ${field} is negative`;
  }
  const symbol = text(raw.symbol);
  const commodity = commodityOf.get(symbol) ?? symbol;
  if (!['BUY', 'SELL', 'DIVIDEND', 'INTEREST', 'FEE', 'LIABILITY', 'ITEM'].includes(type))
    return `${type || 'An activity without a type'}: Ghostfolio activities of this type are not carried`;
  if (['BUY', 'SELL', 'ITEM', 'LIABILITY'].includes(type) && !commodity) return `${type}: no symbol`;
  if (['BUY', 'SELL', 'ITEM'].includes(type) && isCurrencyCommodity(commodity))
    return `${type}: ${commodity} is a currency; exchanging currencies is not a Ghostfolio activity`;
  if (['BUY', 'SELL'].includes(type) && (parsed.quantity as Decimal).isZero())
    return `${type}: the quantity is 0`;
  const comment = text(raw.comment);
  return {
    index,
    type,
    date,
    account: account.name,
    symbol: commodity,
    currency,
    quantity: parsed.quantity as Decimal,
    unitPrice: parsed.unitPrice as Decimal,
    fee: parsed.fee as Decimal,
    description: (comment || `${type[0]}${type.slice(1).toLowerCase()} ${commodity}`.trim()).slice(0, 255),
  };
}

/** What an activity does to its account's cash in its currency. */
function cashFlowOf(a: TActivity): Decimal {
  const value = a.quantity.times(a.unitPrice);
  switch (a.type) {
    case 'BUY':
      return value.plus(a.fee).negated();
    case 'SELL':
    case 'DIVIDEND':
    case 'INTEREST':
      return value.minus(a.fee);
    case 'FEE':
      return value.plus(a.fee).negated();
    default:
      return new Decimal(0);
  }
}

function write(out: ExportJournal, a: TActivity) {
  const line = a.index;
  const cash = out.holding(a.account);
  const value = a.quantity.times(a.unitPrice);
  const fees = () => out.account(EXPORT_ACCOUNTS.fees.name, EXPORT_ACCOUNTS.fees.root);
  switch (a.type) {
    case 'BUY':
    case 'SELL': {
      const units = a.type === 'BUY' ? a.quantity : a.quantity.negated();
      out.add(line, a.date, a.description, [
        out.posting(line, cash, units, a.symbol, { unitPrice: amount(a.unitPrice, a.currency) }),
        ...(a.fee.isZero() ? [] : [out.posting(line, fees(), a.fee, a.currency)]),
        out.posting(line, cash, null, a.currency),
      ]);
      return;
    }
    case 'DIVIDEND':
    case 'INTEREST': {
      const income = a.type === 'DIVIDEND' ? EXPORT_ACCOUNTS.dividends : EXPORT_ACCOUNTS.interest;
      out.add(line, a.date, a.description, [
        out.posting(line, cash, value, a.currency),
        out.posting(line, out.account(income.name, income.root), null, a.currency),
      ]);
      out.charge(line, a.date, `${a.description} (fee)`, cash, a.fee, a.currency);
      return;
    }
    case 'FEE':
      out.charge(line, a.date, a.description, cash, value.plus(a.fee), a.currency);
      return;
    case 'LIABILITY': {
      // A debt of its own: a loan account owing the value, from outside the repository.
      const loan = out.account(a.symbol, 'Liabilities');
      out.add(line, a.date, a.description, [
        out.posting(line, loan, value.negated(), a.currency),
        out.posting(
          line,
          out.account(EXPORT_ACCOUNTS.opening.name, EXPORT_ACCOUNTS.opening.root),
          null,
          a.currency,
        ),
      ]);
      if (!a.fee.isZero()) out.ignore(line, 'LIABILITY: its fee is not carried');
      return;
    }
    case 'ITEM': {
      // A valuable held in the account, brought in at the value given, which is its price that day.
      out.add(line, a.date, a.description, [
        out.posting(line, cash, a.quantity, a.symbol, { unitPrice: amount(a.unitPrice, a.currency) }),
        out.posting(
          line,
          out.account(EXPORT_ACCOUNTS.opening.name, EXPORT_ACCOUNTS.opening.root),
          null,
          a.currency,
        ),
      ]);
      out.prices.push({ line, date: a.date, commodity: a.symbol, price: amount(a.unitPrice, a.currency) });
      if (!a.fee.isZero()) out.ignore(line, 'ITEM: its fee is not carried');
      return;
    }
  }
}
