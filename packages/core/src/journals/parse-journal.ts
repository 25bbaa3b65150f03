// A line reader for the part of ledger/hledger and beancount journals an investor's history uses:
// accounts, commodities, prices, and transactions whose postings carry amounts, costs (`{}`) and prices
// (`@`, `@@`). What it does not carry is reported by line, never silently dropped (docs/journal-import.md
// lists both). Hand-written: npm has no maintained ledger parser, and the one beancount package
// (@rustledger/wasm) brings a whole booking engine in WebAssembly for what is a line grammar here.
import { parseJournalAmount } from './journal-amount.ts';
import type {
  TJournalFormat,
  TJournalPosting,
  TJournalTransaction,
  TParsedJournal,
} from './journal-types.ts';
import type { TJournalPriceSink } from './planned-prices.ts';

const DATE = String.raw`(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})`;
const LEDGER_HEADER = new RegExp(`^${DATE}(?:=\\S+)?(?:\\s+(.*))?$`);
const BEANCOUNT_DIRECTIVE = new RegExp(`^${DATE}\\s+(\\S+)(?:\\s+(.*))?$`);
const LEDGER_PRICE = new RegExp(
  `^P\\s+${DATE}(?:\\s+\\d{1,2}:\\d{2}(?::\\d{2})?)?\\s+("[^"]+"|\\S+)\\s+(.+)$`,
);

/** Checked dates: a journal repeats few of them many times (a price per commodity per day). */
const checkedDates = new Map<string, string | null>();

function isoDate(year: string, month: string, day: string): string | null {
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  let checked = checkedDates.get(iso);
  if (checked === undefined) {
    const parsed = new Date(`${iso}T00:00:00Z`);
    checked = Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
    if (checkedDates.size < 100_000) checkedDates.set(iso, checked);
  }
  return checked;
}

/** Text before a `;` comment (beancount strings may hold a `;`, so quoted text is skipped). */
function withoutComment(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (char === ';' && !quoted) return text.slice(0, i);
  }
  return text;
}

interface TPostingResult {
  posting?: TJournalPosting;
  error?: string;
  hasAssertion?: boolean;
}

/** The amount part of a posting: `AMOUNT [{COST}] [@ PRICE | @@ TOTAL] [= ASSERTION]`. */
function readPostingAmounts(line: number, account: string, text: string): TPostingResult {
  let rest = text.trim();
  let hasAssertion = false;
  const assertion = /(^|\s)==?\*?\s*[^=]*$/.exec(rest);
  if (assertion) {
    hasAssertion = true;
    rest = rest.slice(0, assertion.index).trim();
  }
  const posting: TJournalPosting = { line, account, amount: null };
  const at = rest.indexOf('@');
  if (at >= 0) {
    const isTotal = rest[at + 1] === '@';
    const price = parseJournalAmount(rest.slice(at + (isTotal ? 2 : 1)).replace(/^\s*\(|\)\s*$/g, ''));
    if (!price) return { error: `Cannot read the price '${rest.slice(at).trim()}'` };
    if (isTotal) posting.totalPrice = price;
    else posting.unitPrice = price;
    rest = rest.slice(0, at).replace(/\($/, '').trim();
  }
  const cost = /\{\{?([^}]*)\}\}?/.exec(rest);
  if (cost) {
    const inside = (cost[1] ?? '').split(',')[0]?.trim() ?? '';
    if (inside === '') posting.hasEmptyCost = true;
    else {
      const amount = parseJournalAmount(inside);
      if (!amount) return { error: `Cannot read the cost '${cost[0]}'` };
      if (cost[0].startsWith('{{')) posting.totalCost = amount;
      else posting.unitCost = amount;
    }
    rest = (rest.slice(0, cost.index) + rest.slice(cost.index + cost[0].length)).trim();
  }
  // ledger's lot annotations besides the cost: [date] and (note).
  rest = rest.replace(/\[[^\]]*\]|\([^)]*\)/g, '').trim();
  if (rest !== '') {
    const amount = parseJournalAmount(rest);
    if (!amount) return { error: `Cannot read the amount '${rest}'` };
    posting.amount = amount;
  } else if (posting.unitPrice || posting.totalPrice || posting.unitCost || posting.totalCost) {
    return { error: 'A cost or price without an amount' };
  }
  return { posting, hasAssertion };
}

/** A posting line, or an error; virtual postings are refused (they need not balance). */
function readPosting(format: TJournalFormat, line: number, text: string): TPostingResult {
  const body = withoutComment(text)
    .trim()
    .replace(/^[*!]\s+/, '');
  let account: string;
  let rest: string;
  if (format === 'beancount') {
    const match = /^(\S+)(?:\s+(.*))?$/.exec(body);
    account = match?.[1] ?? '';
    rest = match?.[2] ?? '';
  } else {
    const split = /\s{2,}|\t/.exec(body);
    account = split ? body.slice(0, split.index) : body;
    rest = split ? body.slice(split.index) : '';
  }
  if (/^[([]/.test(account)) return { error: `Virtual posting to ${account} is not carried` };
  return readPostingAmounts(line, account, rest);
}

/**
 * A text's lines as `split(/\r?\n/)` gives them (a leading byte order mark dropped), one at a time: an
 * array of every line of an 82 MB journal was another copy of it, line by line.
 */
export function* journalLines(text: string): Generator<string> {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if (end < 0) {
      yield text.slice(start);
      return;
    }
    yield text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
  }
}

/** Where each transaction goes as soon as it is read (JournalMapper maps it then). */
export interface TJournalTransactionSink {
  add(transaction: TJournalTransaction): void;
}

/**
 * Parses a journal, given whole or as its lines (`journalLines`; the server reads them from the file's
 * bytes); never throws: what it cannot read is in `refused`, with its line. With `prices`, each price
 * directive goes to that sink as it is read (PlannedPrices packs it) and `prices` of the result stays empty;
 * with `transactions`, likewise each transaction, and `transactions` of the result stays empty.
 */
export function parseJournal(
  text: string | Iterable<string>,
  format: TJournalFormat,
  options: { prices?: TJournalPriceSink; transactions?: TJournalTransactionSink } = {},
): TParsedJournal {
  const journal: TParsedJournal = {
    format,
    accounts: new Map(),
    commodities: new Map(),
    prices: [],
    transactions: [],
    ignored: [],
    refused: [],
  };
  const lines = typeof text === 'string' ? journalLines(text) : text;
  const sink = options.prices;
  let current: TJournalTransaction | null = null;
  let currentBroken = false;
  let inBlock: string | null = null;

  const refuse = (line: number, message: string) => journal.refused.push({ line, message });
  const ignore = (line: number, message: string) => journal.ignored.push({ line, message });
  const transactionSink = options.transactions;
  const close = () => {
    if (current && !currentBroken) {
      if (transactionSink) transactionSink.add(current);
      else journal.transactions.push(current);
    }
    current = null;
    currentBroken = false;
  };
  const addPrice = (line: number, date: string | null, commodity: string, priceText: string) => {
    const price = parseJournalAmount(withoutComment(priceText));
    if (!date) refuse(line, 'Not a real date');
    else if (!price) refuse(line, `Cannot read the price '${priceText.trim()}'`);
    else if (sink) sink.add(line, date, commodity.replace(/^"|"$/g, ''), price);
    else journal.prices.push({ line, date, commodity: commodity.replace(/^"|"$/g, ''), price });
  };

  let line = 0;
  for (const raw of lines) {
    line += 1;
    if (inBlock) {
      if (new RegExp(`^end\\s+${inBlock}\\b`).test(raw.trim())) inBlock = null;
      continue;
    }
    if (raw.trim() === '') {
      close();
      continue;
    }
    const isIndented = /^[ \t]/.test(raw);
    if (isIndented) {
      const body = raw.trim();
      if (body.startsWith(';') || body.startsWith('#')) continue;
      if (!current) continue; // sub-directives of `account`, `commodity`, metadata of a directive
      if (format === 'beancount' && /^[a-z][\w-]*:\s/.test(body)) continue; // posting metadata
      if (currentBroken) continue;
      const result = readPosting(format, line, raw);
      if (result.error) {
        refuse(line, result.error);
        currentBroken = true;
        continue;
      }
      if (result.hasAssertion) ignore(line, 'Balance assertion not checked');
      (current as TJournalTransaction).postings.push(result.posting as TJournalPosting);
      continue;
    }
    close();
    const body = withoutComment(raw).trim();
    if (body === '' || /^[;#%|*]/.test(raw)) continue;
    if (format === 'beancount') readBeancountLine(line, body);
    else readLedgerLine(line, body);
  }
  close();
  return journal;

  function startTransaction(line: number, date: string | null, description: string) {
    if (!date) {
      refuse(line, 'Not a real date');
      current = { line, date: '', description, postings: [] };
      currentBroken = true;
      return;
    }
    current = { line, date, description: description.trim(), postings: [] };
  }

  function readLedgerLine(line: number, body: string) {
    const header = LEDGER_HEADER.exec(body);
    if (header) {
      const description = (header[4] ?? '').replace(/^[*!]\s*/, '').replace(/^\([^)]*\)\s*/, '');
      startTransaction(line, isoDate(header[1] ?? '', header[2] ?? '', header[3] ?? ''), description);
      return;
    }
    const price = LEDGER_PRICE.exec(body);
    if (price) {
      addPrice(line, isoDate(price[1] ?? '', price[2] ?? '', price[3] ?? ''), price[4] ?? '', price[5] ?? '');
      return;
    }
    const [word = '', ...restWords] = body.split(/\s+/);
    const rest = restWords.join(' ');
    switch (word) {
      case 'account':
        journal.accounts.set(rest.trim(), line);
        return;
      case 'commodity':
        journal.commodities.set(rest.trim().replace(/^"|"$/g, ''), line);
        return;
      case 'comment':
      case 'test':
        inBlock = word;
        return;
      case 'decimal-mark':
        if (rest.trim() !== '.') refuse(line, 'Only the period is read as the decimal mark');
        return;
      case 'include':
        refuse(line, 'include is not followed: import one self-contained file');
        return;
      case 'alias':
      case 'apply':
      case 'end':
        refuse(line, `${word} changes account names and is not carried`);
        return;
      case '~':
      case '=':
        refuse(line, `${word === '~' ? 'Periodic' : 'Automated'} transactions are not carried`);
        current = { line, date: '', description: '', postings: [] };
        currentBroken = true;
        return;
      case 'payee':
      case 'tag':
      case 'D':
      case 'N':
      case 'Y':
      case 'year':
      case 'bucket':
      case 'A':
        ignore(line, `Directive ${word} is not carried`);
        return;
      default:
        refuse(line, `Cannot read '${body.slice(0, 60)}'`);
    }
  }

  function readBeancountLine(line: number, body: string) {
    const directive = BEANCOUNT_DIRECTIVE.exec(body);
    if (!directive) {
      const [word = ''] = body.split(/\s+/);
      if (['option', 'plugin', 'pushtag', 'poptag', 'pushmeta', 'popmeta'].includes(word))
        ignore(line, `${word} is not carried`);
      else if (word === 'include') refuse(line, 'include is not followed: import one self-contained file');
      else refuse(line, `Cannot read '${body.slice(0, 60)}'`);
      return;
    }
    const date = isoDate(directive[1] ?? '', directive[2] ?? '', directive[3] ?? '');
    const kind = directive[4] ?? '';
    const rest = directive[5] ?? '';
    if (kind === 'txn' || kind === '*' || kind === '!') {
      const strings = [...rest.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? '');
      startTransaction(line, date, strings.filter((s) => s !== '').join(' | '));
      return;
    }
    if (!date) {
      refuse(line, 'Not a real date');
      return;
    }
    const [first = '', ...others] = rest.split(/\s+/);
    switch (kind) {
      case 'open':
        journal.accounts.set(first, line);
        return;
      case 'commodity':
        journal.commodities.set(first, line);
        return;
      case 'price':
        addPrice(line, date, first, others.join(' '));
        return;
      case 'balance':
        ignore(line, 'Balance assertion not checked');
        return;
      case 'pad':
        refuse(line, 'pad is not carried: it makes postings only a balance engine can compute');
        return;
      case 'close':
      case 'note':
      case 'document':
      case 'event':
      case 'query':
      case 'custom':
        ignore(line, `${kind} is not carried`);
        return;
      default:
        refuse(line, `Cannot read '${body.slice(0, 60)}'`);
    }
  }
}
