// Wealthfolio's activity CSV (the columns its import and export use: date, symbol, quantity, activityType,
// unitPrice, currency, fee, amount, and an optional account column), read into journal transactions that
// map-journal.ts turns into smart transactions. Unlike Ghostfolio, Wealthfolio books cash explicitly
// (deposits, withdrawals, `$CASH-USD` transfers), so each row moves exactly the cash it says. Rows are
// numbered by their line in the file (the header is line 1).
import Papa from 'papaparse';
import { Decimal } from '../money/decimal.ts';
import { amount, dayOf, decimalText, EXPORT_ACCOUNTS, ExportJournal } from './export-journal.ts';
import { isCurrencyCommodity } from './journal-postings.ts';
import type { TParsedJournal } from './journal-types.ts';

export class WealthfolioFormatError extends Error {}

/** The account rows go to when the file has no account column. */
export const WEALTHFOLIO_DEFAULT_ACCOUNT = 'Wealthfolio';

const REQUIRED = ['date', 'symbol', 'activitytype', 'currency'] as const;
const ACCOUNT_COLUMNS = ['account', 'accountname', 'account_name', 'accountid', 'account_id'];

const isCashSymbol = (symbol: string) => symbol === '' || /^\$CASH-[A-Z]{3}$/i.test(symbol);

export function parseWealthfolio(source: string): TParsedJournal {
  const parsed = Papa.parse<string[]>(source.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...rows] = parsed.data;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase().replace(/[\s-]/g, ''));
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (missing.length > 0)
    throw new WealthfolioFormatError(
      `The file has no ${missing.join(', ')} column: it is not a Wealthfolio activity CSV`,
    );
  const at = (row: string[], name: string) => {
    const index = columns.indexOf(name);
    return index < 0 ? '' : (row[index] ?? '').trim();
  };
  const accountColumn = ACCOUNT_COLUMNS.find((name) => columns.includes(name));
  const out = new ExportJournal('wealthfolio');
  rows.forEach((row, position) => {
    const line = position + 2;
    const message = readRow(out, line, (name) => at(row, name), accountColumn);
    if (message) out.refuse(line, message);
  });
  return out.journal();
}

function readRow(
  out: ExportJournal,
  line: number,
  at: (name: string) => string,
  accountColumn: string | undefined,
): string | null {
  const type = at('activitytype').toUpperCase();
  const date = dayOf(at('date'));
  if (!date) return `${type || 'Row'}: the date ${JSON.stringify(at('date'))} is not a date`;
  const currency = at('currency').toUpperCase();
  if (!isCurrencyCommodity(currency)) return `${type}: ${JSON.stringify(at('currency'))} is not a currency`;
  const numbers: Record<string, Decimal | null> = {};
  for (const field of ['quantity', 'unitprice', 'fee', 'amount']) {
    const raw = at(field);
    const decimal = decimalText(raw);
    if (raw !== '' && decimal === null) return `${type}: ${field} ${JSON.stringify(raw)} is not a number`;
    numbers[field] = decimal === null ? null : new Decimal(decimal).abs();
  }
  const zero = new Decimal(0);
  const quantity = numbers.quantity ?? zero;
  const unitPrice = numbers.unitprice ?? zero;
  const fee = numbers.fee ?? zero;
  // Cash rows carry their value in `amount`; older files put it in quantity × unitPrice.
  const value = numbers.amount ?? quantity.times(unitPrice);
  const symbol = at('symbol').toUpperCase();
  const cash = out.holding((accountColumn && at(accountColumn)) || WEALTHFOLIO_DEFAULT_ACCOUNT);
  const description = `${type[0] ?? ''}${type.slice(1).toLowerCase().replace(/_/g, ' ')} ${isCashSymbol(symbol) ? currency : symbol}`;
  const outside = () => out.account(EXPORT_ACCOUNTS.opening.name, EXPORT_ACCOUNTS.opening.root);
  const charge = (what: string) => out.charge(line, date, `${description} (${what})`, cash, fee, currency);
  const cashOnly = (direction: 1 | -1) => {
    out.add(line, date, description, [
      out.posting(line, cash, direction > 0 ? value : value.negated(), currency),
      out.posting(line, outside(), null, currency),
    ]);
    charge('fee');
  };
  const needsSymbol = () => (isCashSymbol(symbol) ? `${type}: no symbol` : null);

  switch (type) {
    case 'BUY':
    case 'SELL': {
      if (isCashSymbol(symbol)) return `${type}: no symbol`;
      if (quantity.isZero()) return `${type}: the quantity is 0`;
      out.add(line, date, description, [
        out.posting(line, cash, type === 'BUY' ? quantity : quantity.negated(), symbol, {
          unitPrice: amount(unitPrice, currency),
        }),
        ...(fee.isZero()
          ? []
          : [
              out.posting(
                line,
                out.account(EXPORT_ACCOUNTS.fees.name, EXPORT_ACCOUNTS.fees.root),
                fee,
                currency,
              ),
            ]),
        out.posting(line, cash, null, currency),
      ]);
      return null;
    }
    case 'DIVIDEND':
    case 'INTEREST': {
      const income = type === 'DIVIDEND' ? EXPORT_ACCOUNTS.dividends : EXPORT_ACCOUNTS.interest;
      out.add(line, date, description, [
        out.posting(line, cash, value, currency),
        out.posting(line, out.account(income.name, income.root), null, currency),
      ]);
      charge('fee');
      return null;
    }
    case 'DEPOSIT':
      cashOnly(1);
      return null;
    case 'WITHDRAWAL':
      cashOnly(-1);
      return null;
    case 'FEE':
    case 'TAX': {
      const charged = (numbers.amount ?? zero).plus(fee);
      if (charged.isZero()) return `${type}: no amount`;
      const to = type === 'FEE' ? EXPORT_ACCOUNTS.fees : EXPORT_ACCOUNTS.taxes;
      out.add(line, date, description, [
        out.posting(line, out.account(to.name, to.root), charged, currency),
        out.posting(line, cash, null, currency),
      ]);
      return null;
    }
    case 'TRANSFER_IN':
    case 'TRANSFER_OUT':
    case 'ADD_HOLDING':
    case 'REMOVE_HOLDING': {
      const isIn = type === 'TRANSFER_IN' || type === 'ADD_HOLDING';
      if (isCashSymbol(symbol)) {
        if (type === 'ADD_HOLDING' || type === 'REMOVE_HOLDING') return needsSymbol();
        cashOnly(isIn ? 1 : -1);
        return null;
      }
      if (quantity.isZero()) return `${type}: the quantity is 0`;
      // Units from or to outside the repository, at the unit price given (which also names the currency
      // the instrument is quoted in).
      out.add(line, date, description, [
        out.posting(line, cash, isIn ? quantity : quantity.negated(), symbol, {
          unitPrice: amount(unitPrice, currency),
        }),
        out.posting(line, outside(), null, currency),
      ]);
      charge('fee');
      return null;
    }
    case 'SPLIT':
      return 'SPLIT: splits are not carried (Strata has no split transaction yet): enter the new units by hand';
    default:
      return `${type || 'A row without an activity type'}: Wealthfolio activities of this type are not carried`;
  }
}
