// Portfolio Performance's own save format, unencrypted XML (`<client>`), read into journal transactions that
// map-journal.ts turns into smart transactions, as the Ghostfolio export is. Followed: the layout PP writes
// from file `<version>` 49 on (its model upgrade from 48 made shares and quotes ×10^8; money stays ×10^2).
// An older file is refused: opening and saving it in a current PP upgrades it. Transactions
// are numbered in the order read (accounts' first, then portfolios'), which is where a notice points.
// docs/journal-import.md says what is carried and why.
import { Decimal } from '../money/decimal.ts';
import { amount, dayOf, EXPORT_ACCOUNTS, ExportJournal } from './export-journal.ts';
import { isCurrencyCommodity } from './journal-postings.ts';
import type { TJournalPosting, TParsedJournal } from './journal-types.ts';
import { child, childrenOf, readXmlTree, type TXmlNode, textOf } from './pp-xml-tree.ts';

export class PortfolioPerformanceFormatError extends Error {}

const MONEY = new Decimal(100);
/** The first file version with shares and quotes scaled by 10^8. */
const FIRST_VERSION = 49;
const SCALED = new Decimal(100_000_000);

/** PP's long integer text as a decimal divided by its scale, or null. */
function scaled(value: string, scale: Decimal): Decimal | null {
  return /^-?\d+$/.test(value.trim()) ? new Decimal(value.trim()).dividedBy(scale) : null;
}

interface TSecurity {
  symbol: string;
}

interface TCharges {
  fee: Decimal;
  tax: Decimal;
  /**
   * A unit whose amount is not in the transaction's currency. PP writes every unit's amount in it (a trade
   * in a foreign security keeps the original in the unit's `<forex>`), so this guards a hand-edited file.
   */
  foreign: boolean;
}

function chargesOf(tx: TXmlNode, currency: string): TCharges {
  const charges: TCharges = { fee: new Decimal(0), tax: new Decimal(0), foreign: false };
  for (const unit of childrenOf(child(tx, 'units'), 'unit')) {
    const money = child(unit, 'amount');
    const value = money ? scaled(money.attributes.amount ?? '', MONEY) : null;
    if (!money || value === null) continue;
    if ((money.attributes.currency ?? currency) !== currency) charges.foreign = true;
    if (unit.attributes.type === 'FEE') charges.fee = charges.fee.plus(value);
    else if (unit.attributes.type === 'TAX') charges.tax = charges.tax.plus(value);
  }
  return charges;
}

/** Reads the file's text; a file that is not PP's unencrypted XML throws PortfolioPerformanceFormatError. */
export function parsePortfolioPerformance(source: string): TParsedJournal {
  if (source.startsWith('PORTFOLIO'))
    throw new PortfolioPerformanceFormatError(
      'The file is encrypted with a password: save it in Portfolio Performance as XML without a password',
    );
  if (source.startsWith('PPPBV1'))
    throw new PortfolioPerformanceFormatError(
      "The file is in Portfolio Performance's binary format: save it as XML",
    );
  let root: TXmlNode | null;
  try {
    root = readXmlTree(source);
  } catch {
    root = null;
  }
  if (root?.tag !== 'client')
    throw new PortfolioPerformanceFormatError(
      'The file has no <client> element: it is not a Portfolio Performance XML file',
    );
  const version = Number(textOf(root, 'version'));
  if (!Number.isInteger(version) || version < FIRST_VERSION)
    throw new PortfolioPerformanceFormatError(
      `The file is of Portfolio Performance's file version ${textOf(root, 'version') || '(none)'}: open and save it in a current Portfolio Performance (version ${FIRST_VERSION} or later) first`,
    );
  const out = new ExportJournal('portfolio_performance');

  const securities = new Map<TXmlNode, TSecurity>();
  for (const node of childrenOf(child(root, 'securities'), 'security')) {
    const name = textOf(node, 'name');
    const symbol = textOf(node, 'tickerSymbol') || textOf(node, 'isin') || name;
    const currency = textOf(node, 'currencyCode').toUpperCase();
    securities.set(node, { symbol });
    if (!currency) {
      out.ignore(-1, `Security ${symbol}: no currency (an index); its prices are not carried`);
      continue;
    }
    for (const price of childrenOf(child(node, 'prices'), 'price')) {
      const date = dayOf(price.attributes.t);
      const close = scaled(price.attributes.v ?? '', SCALED);
      if (date && close)
        out.prices.push({ line: -1, date, commodity: symbol, price: amount(close, currency) });
    }
    const events = childrenOf(child(node, 'events'), 'event').length;
    if (events > 0)
      out.ignore(
        -1,
        `Security ${symbol}: its ${events} event(s) (stock splits, dividend notes) are not carried; PP has already applied a split to the shares and prices`,
      );
  }

  const names = new Map<TXmlNode, string>();
  const nameOf = (owner: TXmlNode | null) => {
    if (!owner) return null;
    const known = names.get(owner);
    if (known) return out.holding(known);
    let name = textOf(owner, 'name') || owner.tag;
    while ([...names.values()].some((used) => used.toLowerCase() === name.toLowerCase()))
      name = `${name} (2)`;
    names.set(owner, name);
    return out.holding(name);
  };

  const accounts = childrenOf(child(root, 'accounts'), 'account');
  const portfolios = childrenOf(child(root, 'portfolios'), 'portfolio');
  for (const owner of [...accounts, ...portfolios]) nameOf(owner);

  let line = 0;
  for (const account of accounts)
    for (const tx of childrenOf(child(account, 'transactions'), 'account-transaction'))
      readAccountTransaction(out, ++line, account, tx, nameOf);
  for (const portfolio of portfolios)
    for (const tx of childrenOf(child(portfolio, 'transactions'), 'portfolio-transaction'))
      readPortfolioTransaction(out, ++line, portfolio, tx, nameOf, securities);
  return out.journal();
}

type TNameOf = (owner: TXmlNode | null) => string | null;

function basics(tx: TXmlNode) {
  return {
    type: textOf(tx, 'type'),
    date: dayOf(textOf(tx, 'date')),
    currency: textOf(tx, 'currencyCode').toUpperCase(),
    value: scaled(textOf(tx, 'amount'), MONEY),
    note: textOf(tx, 'note'),
  };
}

function readAccountTransaction(
  out: ExportJournal,
  line: number,
  account: TXmlNode,
  tx: TXmlNode,
  nameOf: TNameOf,
) {
  const { type, date, currency, value, note } = basics(tx);
  const cash = nameOf(account) as string;
  const where = `${cash}: ${type || 'a transaction without a type'}`;
  if (!date)
    return out.refuse(line, `${where}: the date ${JSON.stringify(textOf(tx, 'date'))} is not a date`);
  if (!isCurrencyCommodity(currency))
    return out.refuse(line, `${where}: ${JSON.stringify(currency)} is not a currency`);
  if (value === null || value.isNegative())
    return out.refuse(line, `${where}: the amount is not a positive number`);
  const description = (note || `${type[0]}${type.slice(1).toLowerCase().replace(/_/g, ' ')}`).slice(0, 255);
  const charges = chargesOf(tx, currency);
  const external = () => out.account(EXPORT_ACCOUNTS.opening.name, EXPORT_ACCOUNTS.opening.root);
  switch (type) {
    case 'BUY':
    case 'SELL':
      // Written from the portfolio's side, which has the shares; alone (no portfolio), it moves nothing known.
      if (!child(tx, 'crossEntry'))
        out.refuse(line, `${where}: a ${type} without its portfolio transaction is not carried`);
      return;
    case 'DEPOSIT':
    case 'REMOVAL':
      out.add(line, date, description, [
        out.posting(line, cash, type === 'DEPOSIT' ? value : value.negated(), currency),
        out.posting(line, external(), null, currency),
      ]);
      return;
    case 'DIVIDENDS':
    case 'INTEREST': {
      if (charges.foreign) return out.refuse(line, `${where}: charges in another currency are not carried`);
      // PP's amount is what reached the account: the income is that plus the taxes and fees taken off it.
      const income = type === 'DIVIDENDS' ? EXPORT_ACCOUNTS.dividends : EXPORT_ACCOUNTS.interest;
      const gross = value.plus(charges.fee).plus(charges.tax);
      out.add(line, date, description, [
        out.posting(line, cash, gross, currency),
        out.posting(line, out.account(income.name, income.root), null, currency),
      ]);
      out.charge(line, date, `${description} (fee)`, cash, charges.fee, currency);
      tax(out, line, date, `${description} (tax)`, cash, charges.tax, currency);
      return;
    }
    case 'FEES':
      out.charge(line, date, description, cash, value, currency);
      return;
    case 'TAXES':
      tax(out, line, date, description, cash, value, currency);
      return;
    case 'TRANSFER_OUT':
    case 'TRANSFER_IN': {
      // Written once, from the side the money leaves.
      const cross = child(tx, 'crossEntry');
      if (!cross) return out.refuse(line, `${where}: a transfer without its other account is not carried`);
      if (type === 'TRANSFER_IN') return;
      const to = nameOf(child(cross, 'accountTo'));
      const received = child(cross, 'transactionTo');
      if (!to || !received) return out.refuse(line, `${where}: the receiving account is not in the file`);
      if (textOf(received, 'currencyCode').toUpperCase() !== currency)
        return out.refuse(line, `${where}: a transfer between currencies is not carried`);
      out.add(line, date, description, [
        out.posting(line, cash, value.negated(), currency),
        out.posting(line, to, value, currency),
      ]);
      return;
    }
    default:
      out.refuse(line, `${where}: account transactions of this type are not carried`);
  }
}

function tax(
  out: ExportJournal,
  line: number,
  date: string,
  description: string,
  cash: string,
  value: Decimal,
  currency: string,
) {
  if (value.isZero()) return;
  out.add(line, date, description, [
    out.posting(line, out.account(EXPORT_ACCOUNTS.taxes.name, EXPORT_ACCOUNTS.taxes.root), value, currency),
    out.posting(line, cash, null, currency),
  ]);
}

function readPortfolioTransaction(
  out: ExportJournal,
  line: number,
  portfolio: TXmlNode,
  tx: TXmlNode,
  nameOf: TNameOf,
  securities: Map<TXmlNode, TSecurity>,
) {
  const { type, date, currency, value, note } = basics(tx);
  const holder = nameOf(portfolio) as string;
  const where = `${holder}: ${type || 'a transaction without a type'}`;
  if (!date)
    return out.refuse(line, `${where}: the date ${JSON.stringify(textOf(tx, 'date'))} is not a date`);
  if (!isCurrencyCommodity(currency))
    return out.refuse(line, `${where}: ${JSON.stringify(currency)} is not a currency`);
  if (value === null || value.isNegative())
    return out.refuse(line, `${where}: the amount is not a positive number`);
  const securityNode = child(tx, 'security');
  const security = securityNode ? securities.get(securityNode) : undefined;
  if (!security) return out.refuse(line, `${where}: its security is not among the file's securities`);
  const shares = scaled(textOf(tx, 'shares'), SCALED);
  if (shares === null || !shares.isPositive())
    return out.refuse(line, `${where}: the shares are not a positive number`);
  const { symbol } = security;
  const description = (note || `${type[0]}${type.slice(1).toLowerCase().replace(/_/g, ' ')} ${symbol}`).slice(
    0,
    255,
  );
  const charges = chargesOf(tx, currency);
  // A trade from an account in another currency than the security's: the cash side is PP's amount in the
  // account's currency; the shares are valued at the security's own prices, so the forex unit is not needed.
  if (charges.foreign)
    return out.refuse(line, `${where}: charges in a currency other than ${currency} are not carried`);
  // What the shares are worth without the charges (PP's amount includes them: paid on a buy, kept back on a sale).
  const costs = charges.fee.plus(charges.tax);
  switch (type) {
    case 'BUY':
    case 'SELL': {
      const cross = child(tx, 'crossEntry');
      const cash = nameOf(cross ? child(cross, 'account') : null);
      if (!cash) return out.refuse(line, `${where}: its deposit account is not in the file`);
      const gross = type === 'BUY' ? value.minus(costs) : value.plus(costs);
      const postings: TJournalPosting[] = [
        out.posting(line, holder, type === 'BUY' ? shares : shares.negated(), symbol, {
          totalPrice: amount(gross, currency),
        }),
      ];
      if (!costs.isZero())
        postings.push(
          out.posting(
            line,
            out.account(EXPORT_ACCOUNTS.fees.name, EXPORT_ACCOUNTS.fees.root),
            costs,
            currency,
          ),
        );
      postings.push(out.posting(line, cash, null, currency));
      out.add(line, date, description, postings);
      if (!charges.tax.isZero())
        out.ignore(
          line,
          `${where}: its tax of ${charges.tax.toFixed()} ${currency} is carried with the fees`,
        );
      return;
    }
    case 'DELIVERY_INBOUND':
    case 'DELIVERY_OUTBOUND': {
      if (!costs.isZero()) out.ignore(line, `${where}: its fees and taxes are not carried`);
      out.add(line, date, description, [
        out.posting(line, holder, type === 'DELIVERY_INBOUND' ? shares : shares.negated(), symbol, {
          totalPrice: amount(value, currency),
        }),
        out.posting(
          line,
          out.account(EXPORT_ACCOUNTS.opening.name, EXPORT_ACCOUNTS.opening.root),
          null,
          currency,
        ),
      ]);
      return;
    }
    case 'TRANSFER_OUT':
    case 'TRANSFER_IN': {
      const cross = child(tx, 'crossEntry');
      if (!cross) return out.refuse(line, `${where}: a transfer without its other portfolio is not carried`);
      if (type === 'TRANSFER_IN') return;
      const to = nameOf(child(cross, 'portfolioTo'));
      if (!to) return out.refuse(line, `${where}: the receiving portfolio is not in the file`);
      out.add(line, date, description, [
        out.posting(line, holder, shares.negated(), symbol),
        out.posting(line, to, shares, symbol),
      ]);
      return;
    }
    default:
      out.refuse(line, `${where}: portfolio transactions of this type are not carried`);
  }
}
