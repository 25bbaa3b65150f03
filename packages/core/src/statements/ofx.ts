// OFX 1.x (SGML), OFX 2.x (XML) and QFX (Quicken's OFX 1.x) statements: the header picks the charset,
// ofx-tree.ts builds the element tree, and the extractors below turn bank, credit-card and investment
// statement responses into the model. Status codes are read where OFX puts them: a failed sign-on or a
// statement request answered with an error is a file-level error carrying the institution's own message.
import { decodeDeclared, normalizeCharset, peekAscii } from './decode.ts';
import {
  OFX_TRANSACTION_TYPES,
  StatementError,
  type TBalance,
  type TInvestmentKind,
  type TInvestmentTransaction,
  type TPosition,
  type TRowFailure,
  type TSecurity,
  type TSecurityId,
  type TSecurityKind,
  type TStatement,
  type TStatementFile,
  type TStatementKind,
  type TStatementResult,
  type TStatementTransaction,
  type TTransactionType,
  toResult,
} from './model.ts';
import { buildOfxTree, child, findAll, leaf, type TOfxNode } from './ofx-tree.ts';
import { parseLooseAmount, parseOfxDateTime } from './values.ts';

/** True when the text looks like OFX: an OFX 1.x header, an OFX 2.x processing instruction, or an <OFX> element. */
export function looksLikeOfx(head: string): boolean {
  return /OFXHEADER\s*[:=]/i.test(head) || /<OFX[\s>]/i.test(head);
}

export function parseOfx(bytes: Uint8Array): TStatementResult {
  return toResult(() => readOfx(bytes).file);
}

/**
 * Called with each readable transaction of a bank or card statement's BANKTRANLIST as soon as the parser
 * has read it, in file order, with a number for the list it is in; the row is then not kept (the result's
 * statement has no transactions of that list). What a large file's reader hands on in batches.
 */
export type TOfxRowSink = (row: TStatementTransaction, list: number) => void;

/**
 * `parseOfx`, its bank and card transactions handed to `onRow` instead of kept: memory holds the text and
 * the rest of the file, not its 100k transactions. `listOf[i]` is the list number of statement i's rows
 * (null when none was streamed); rows of any other list belong to no statement (parseOfx leaves them out
 * as well). Everything else is what parseOfx answers for the same bytes.
 */
export function streamOfx(
  bytes: Uint8Array,
  onRow: TOfxRowSink,
): { ok: true; file: TStatementFile; listOf: (number | null)[] } | Extract<TStatementResult, { ok: false }> {
  let listOf: (number | null)[] = [];
  const result = toResult(() => {
    const read = readOfx(bytes, onRow);
    listOf = read.listOf;
    return read.file;
  });
  return result.ok ? { ok: true, file: result.file, listOf } : result;
}

/** A statement's transaction list, as readStatement takes it: its BANKTRANLIST, else its INVTRANLIST. */
function listOfResponse(response: TOfxNode): TOfxNode | undefined {
  return child(response, 'BANKTRANLIST') ?? child(response, 'INVTRANLIST');
}

/** Lists whose rows went to a sink: their numbers and the currencies their rows carried. */
interface TStreamed {
  ids: Map<TOfxNode, number>;
  currencies: Map<TOfxNode, Set<string | null>>;
}

function readOfx(
  bytes: Uint8Array,
  onRow?: TOfxRowSink,
): { file: TStatementFile; listOf: (number | null)[] } {
  const head = peekAscii(bytes);
  const isXml = /<\?OFX\s/i.test(head) || /^\s*(?:\uFEFF|ï»¿)?<\?xml/i.test(head);
  const decoded = decodeDeclared(bytes, declaredCharset(head, isXml));
  const text = decoded.text;
  const bodyStart = text.search(/<OFX[\s>]/i);
  if (bodyStart === -1) {
    throw new StatementError('NOT_A_STATEMENT', 'This file has an OFX header but no <OFX> element');
  }
  const firstLine = countLines(text, bodyStart);
  const converted: TConverted = new Map();
  const streamed: TStreamed = { ids: new Map(), currencies: new Map() };
  const tree = buildOfxTree(text.slice(bodyStart), firstLine, (node, parent, grandparent) => {
    if (node.name === 'STMTTRN') {
      const read = readBankTransaction(node);
      // A bank or card statement's own row (an investment list's INVBANKTRAN rows stay): to the sink.
      if (
        onRow !== undefined &&
        'value' in read &&
        parent?.name === 'BANKTRANLIST' &&
        grandparent !== undefined &&
        STATEMENT_RESPONSES.has(grandparent.name)
      ) {
        let id = streamed.ids.get(parent);
        if (id === undefined) {
          id = streamed.ids.size;
          streamed.ids.set(parent, id);
          streamed.currencies.set(parent, new Set());
        }
        streamed.currencies.get(parent)!.add(read.value.currency);
        onRow(read.value, id);
        return true;
      }
      converted.set(node, read);
    } else if (INVESTMENT_KINDS.has(node.name)) converted.set(node, readInvestmentTransaction(node));
    else return false;
    node.children = [];
    return false;
  });
  const ofx = child(tree, 'OFX');
  if (ofx === undefined)
    throw new StatementError('MALFORMED_OFX', 'This OFX file cannot be read: no <OFX> element');

  const signOnStatus = child(child(child(ofx, 'SIGNONMSGSRSV1') ?? ofx, 'SONRS') ?? ofx, 'STATUS');
  if (signOnStatus !== undefined && isErrorStatus(signOnStatus)) {
    throw new StatementError(
      'SIGNON_FAILED',
      `The institution refused the sign-on: ${describeStatus(signOnStatus)}`,
    );
  }

  const warnings: string[] = decoded.warning === null ? [] : [decoded.warning];
  const statements: TStatement[] = [];
  const listOf: (number | null)[] = [];
  const refusals: string[] = [];
  const addStatement = (response: TOfxNode) => {
    statements.push(readStatement(response, warnings, converted, streamed));
    const list = listOfResponse(response);
    listOf.push(list === undefined ? null : (streamed.ids.get(list) ?? null));
  };
  for (const wrapper of findAll(ofx, STATEMENT_WRAPPERS)) {
    const response = findAll(wrapper, STATEMENT_RESPONSES)[0];
    const status = child(wrapper, 'STATUS');
    if (response === undefined) {
      if (status !== undefined && isErrorStatus(status)) refusals.push(describeStatus(status));
      continue;
    }
    addStatement(response);
  }
  // Statement responses without their transaction wrapper (some exporters omit *TRNRS).
  if (statements.length === 0) {
    for (const response of findAll(ofx, STATEMENT_RESPONSES)) addStatement(response);
  }
  if (statements.length === 0) {
    if (refusals.length > 0) {
      throw new StatementError(
        'STATEMENT_ERROR',
        `The institution answered with an error instead of a statement: ${refusals.join('; ')}`,
      );
    }
    throw new StatementError(
      'NO_STATEMENT',
      signOnStatus === undefined
        ? 'This OFX file holds no statement'
        : 'This OFX file holds only a sign-on response, no statement',
    );
  }
  for (const refusal of refusals) warnings.push(`One statement was refused by the institution: ${refusal}`);
  return {
    file: {
      format: isXml ? 'ofx-xml' : 'ofx-sgml',
      encoding: decoded.encoding,
      statements,
      securities: readSecurities(ofx),
      warnings,
    },
    listOf,
  };
}

// OFX 1.x: ENCODING is USASCII or UTF-8 and CHARSET the code page of an ASCII file, so ENCODING:UTF-8
// wins over any CHARSET. OFX 2.x declares its charset in the XML declaration.
function declaredCharset(head: string, isXml: boolean): string | null {
  if (isXml) {
    const xmlEncoding = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
    return normalizeCharset(xmlEncoding) ?? 'utf-8';
  }
  const encoding = /^\s*ENCODING\s*:\s*(\S+)/im.exec(head)?.[1];
  if (encoding !== undefined && /^utf-?8$/i.test(encoding)) return 'utf-8';
  const charset = /^\s*CHARSET\s*:\s*(\S+)/im.exec(head)?.[1];
  return normalizeCharset(charset) ?? (encoding === undefined ? null : 'windows-1252');
}

function countLines(text: string, end: number): number {
  let line = 1;
  for (let index = 0; index < end; index++) if (text.charCodeAt(index) === 10) line++;
  return line;
}

const STATEMENT_WRAPPERS = new Set(['STMTTRNRS', 'CCSTMTTRNRS', 'INVSTMTTRNRS']);
const STATEMENT_RESPONSES = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS']);

// OFX severities are INFO, WARN, ERROR; a non-zero code with INFO/WARN is advice, not a refusal.
function isErrorStatus(status: TOfxNode): boolean {
  const severity = leaf(status, 'SEVERITY')?.toUpperCase();
  const code = leaf(status, 'CODE');
  if (severity === 'ERROR') return true;
  return severity === undefined && code !== null && code !== '0';
}

function describeStatus(status: TOfxNode): string {
  const code = leaf(status, 'CODE') ?? 'no code';
  const message = leaf(status, 'MESSAGE');
  return message === null ? `code ${code}` : `${message} (code ${code})`;
}

// A transaction element read into the model, or the reason it could not be.
type TRead<T> = { value: T } | { failure: TRowFailure };
type TConverted = Map<TOfxNode, TRead<TStatementTransaction> | TRead<TInvestmentTransaction>>;

function readStatement(
  response: TOfxNode,
  warnings: string[],
  converted: TConverted,
  streamed: TStreamed,
): TStatement {
  const kind: TStatementKind =
    response.name === 'INVSTMTRS' ? 'investment' : response.name === 'CCSTMTRS' ? 'credit_card' : 'bank';
  const from =
    child(response, 'BANKACCTFROM') ?? child(response, 'CCACCTFROM') ?? child(response, 'INVACCTFROM');
  const accountLabel = leaf(from, 'ACCTID') ?? 'without an account number';
  const failures: TRowFailure[] = [];
  const transactions: TStatementTransaction[] = [];
  const investmentTransactions: TInvestmentTransaction[] = [];
  const list = listOfResponse(response);
  for (const entry of list?.children ?? []) {
    const node = entry.name === 'INVBANKTRAN' ? child(entry, 'STMTTRN') : entry;
    if (node === undefined) continue;
    const read = converted.get(node);
    if (read === undefined) continue;
    if ('failure' in read) failures.push(read.failure);
    else if (node.name === 'STMTTRN') transactions.push(read.value as TStatementTransaction);
    else investmentTransactions.push(read.value as TInvestmentTransaction);
  }
  const positions: TPosition[] = [];
  for (const position of child(response, 'INVPOSLIST')?.children ?? []) {
    const read = readPosition(position);
    if (read !== null) positions.push(read);
  }
  const ledgerBalance = readBalance(
    child(response, 'LEDGERBAL'),
    'BALAMT',
    `LEDGERBAL of account ${accountLabel}`,
    warnings,
  );
  const availableBalance = readBalance(
    child(response, 'AVAILBAL'),
    'BALAMT',
    `AVAILBAL of account ${accountLabel}`,
    warnings,
  );
  const investmentBalance = child(response, 'INVBAL');
  const cashBalance =
    investmentBalance === undefined
      ? null
      : readBalance(
          investmentBalance,
          'AVAILCASH',
          `AVAILCASH of account ${accountLabel}`,
          warnings,
          leaf(response, 'DTASOF'),
        );
  let currency = leaf(response, 'CURDEF')?.toUpperCase() ?? null;
  if (currency === null) {
    // A blank CURDEF with every transaction in one currency (ofx-v102-empty-tags.ofx): that is the statement's.
    const currencies = new Set(transactions.map((transaction) => transaction.currency));
    for (const streamedCurrency of (list && streamed.currencies.get(list)) ?? [])
      currencies.add(streamedCurrency);
    if (currencies.size === 1) currency = [...currencies][0] ?? null;
  }
  return {
    kind,
    account: {
      number: leaf(from, 'ACCTID'),
      name: null,
      type:
        kind === 'credit_card'
          ? 'CREDITCARD'
          : kind === 'investment'
            ? 'INVESTMENT'
            : (leaf(from, 'ACCTTYPE')?.toUpperCase() ?? null),
      bankId: leaf(from, 'BANKID'),
      branchId: leaf(from, 'BRANCHID'),
      brokerId: leaf(from, 'BROKERID'),
    },
    currency,
    startDate: dateOf(leaf(list, 'DTSTART')),
    endDate: dateOf(leaf(list, 'DTEND')),
    asOfDate: dateOf(leaf(response, 'DTASOF')),
    transactions,
    investmentTransactions,
    positions,
    ledgerBalance,
    availableBalance,
    cashBalance,
    failures,
  };
}

function dateOf(raw: string | null): string | null {
  return raw === null ? null : (parseOfxDateTime(raw)?.date ?? null);
}

function readBalance(
  node: TOfxNode | undefined,
  amountName: string,
  label: string,
  warnings: string[],
  fallbackDate: string | null = null,
): TBalance | null {
  if (node === undefined) return null;
  const raw = leaf(node, amountName);
  const amount = raw === null ? null : parseLooseAmount(raw);
  if (amount === null) {
    warnings.push(raw === null ? `${label} has no amount` : `${label} '${raw}' is not an amount`);
    return null;
  }
  return { amount, date: dateOf(leaf(node, 'DTASOF') ?? fallbackDate) };
}

function readBankTransaction(node: TOfxNode): TRead<TStatementTransaction> {
  const fitId = leaf(node, 'FITID');
  const fail = (code: TRowFailure['code'], message: string): TRead<TStatementTransaction> => ({
    failure: { code, message, line: node.line, fitId },
  });
  const rawDate = leaf(node, 'DTPOSTED');
  if (rawDate === null) return fail('MISSING_DATE', 'DTPOSTED is missing');
  const posted = parseOfxDateTime(rawDate);
  if (posted === null) return fail('INVALID_DATE', `DTPOSTED '${rawDate}' is not a valid date`);
  const rawAmount = leaf(node, 'TRNAMT');
  if (rawAmount === null) return fail('MISSING_AMOUNT', 'TRNAMT is missing');
  const amount = parseLooseAmount(rawAmount);
  if (amount === null) return fail('INVALID_AMOUNT', `TRNAMT '${rawAmount}' is not an amount`);
  const rawType = leaf(node, 'TRNTYPE');
  const upperType = rawType?.toUpperCase() ?? 'OTHER';
  const type: TTransactionType = (OFX_TRANSACTION_TYPES as readonly string[]).includes(upperType)
    ? (upperType as TTransactionType)
    : 'OTHER';
  const payee = leaf(child(node, 'PAYEE'), 'NAME') ?? leaf(node, 'NAME');
  const foreign = child(node, 'CURRENCY') ?? child(node, 'ORIGCURRENCY');
  const userDate = leaf(node, 'DTUSER');
  return {
    value: {
      fitId,
      date: posted.date,
      time: posted.time,
      utcOffsetMinutes: posted.utcOffsetMinutes,
      userDate: userDate === null ? null : (parseOfxDateTime(userDate)?.date ?? null),
      type,
      rawType,
      amount,
      payee,
      memo: leaf(node, 'MEMO'),
      checkNumber: leaf(node, 'CHECKNUM'),
      referenceNumber: leaf(node, 'REFNUM'),
      category: null,
      currency: leaf(foreign, 'CURSYM')?.toUpperCase() ?? null,
      currencyRate: leaf(foreign, 'CURRATE'),
    },
  };
}

const INVESTMENT_KINDS = new Map<string, TInvestmentKind>([
  ['BUYDEBT', 'buy'],
  ['BUYMF', 'buy'],
  ['BUYOPT', 'buy'],
  ['BUYOTHER', 'buy'],
  ['BUYSTOCK', 'buy'],
  ['SELLDEBT', 'sell'],
  ['SELLMF', 'sell'],
  ['SELLOPT', 'sell'],
  ['SELLOTHER', 'sell'],
  ['SELLSTOCK', 'sell'],
  ['INCOME', 'income'],
  ['REINVEST', 'reinvest'],
  ['TRANSFER', 'transfer'],
  ['SPLIT', 'split'],
  ['CLOSUREOPT', 'other'],
  ['INVEXPENSE', 'other'],
  ['JRNLFUND', 'other'],
  ['JRNLSEC', 'other'],
  ['MARGININTEREST', 'other'],
  ['RETOFCAP', 'income'],
]);

const ACTION_LEAVES = [
  'BUYTYPE',
  'SELLTYPE',
  'INCOMETYPE',
  'TFERACTION',
  'OPTBUYTYPE',
  'OPTSELLTYPE',
  'OPTACTION',
];

function readInvestmentTransaction(node: TOfxNode): TRead<TInvestmentTransaction> {
  // Buys and sells wrap their common fields in INVBUY/INVSELL; the others carry them directly.
  const body = child(node, 'INVBUY') ?? child(node, 'INVSELL') ?? node;
  const invTran = child(body, 'INVTRAN');
  const fitId = leaf(invTran, 'FITID');
  const rawDate = leaf(invTran, 'DTTRADE');
  if (rawDate === null) {
    return {
      failure: { code: 'MISSING_DATE', message: `${node.name} DTTRADE is missing`, line: node.line, fitId },
    };
  }
  const traded = parseOfxDateTime(rawDate);
  if (traded === null) {
    return {
      failure: {
        code: 'INVALID_DATE',
        message: `${node.name} DTTRADE '${rawDate}' is not a valid date`,
        line: node.line,
        fitId,
      },
    };
  }
  const numbers: Record<string, string | null> = {};
  for (const name of ['UNITS', 'UNITPRICE', 'COMMISSION', 'FEES', 'TOTAL']) {
    const raw = leaf(body, name);
    const amount = raw === null ? null : parseLooseAmount(raw);
    if (raw !== null && amount === null) {
      return {
        failure: {
          code: 'INVALID_AMOUNT',
          message: `${node.name} ${name} '${raw}' is not a number`,
          line: node.line,
          fitId,
        },
      };
    }
    numbers[name] = amount;
  }
  const action = ACTION_LEAVES.map((name) => leaf(node, name) ?? leaf(body, name)).find(
    (value) => value !== null,
  );
  const settle = leaf(invTran, 'DTSETTLE');
  const currency = child(body, 'CURRENCY') ?? child(body, 'ORIGCURRENCY');
  return {
    value: {
      fitId,
      kind: INVESTMENT_KINDS.get(node.name) ?? 'other',
      ofxType: node.name,
      action: action?.toUpperCase() ?? null,
      date: traded.date,
      settleDate: settle === null ? null : (parseOfxDateTime(settle)?.date ?? null),
      security: readSecurityId(child(body, 'SECID')),
      units: numbers.UNITS ?? null,
      unitPrice: numbers.UNITPRICE ?? null,
      commission: numbers.COMMISSION ?? null,
      fees: numbers.FEES ?? null,
      total: numbers.TOTAL ?? null,
      currency: leaf(currency, 'CURSYM')?.toUpperCase() ?? null,
      memo: leaf(invTran, 'MEMO'),
    },
  };
}

function readSecurityId(node: TOfxNode | undefined): TSecurityId | null {
  const uniqueId = leaf(node, 'UNIQUEID');
  if (uniqueId === null) return null;
  return { uniqueId, idType: leaf(node, 'UNIQUEIDTYPE')?.toUpperCase() ?? null };
}

const POSITION_KINDS: Record<string, TSecurityKind> = {
  POSSTOCK: 'stock',
  POSMF: 'mutual_fund',
  POSDEBT: 'debt',
  POSOPT: 'option',
  POSOTHER: 'other',
};

function readPosition(node: TOfxNode): TPosition | null {
  const securityKind = POSITION_KINDS[node.name];
  const position = child(node, 'INVPOS');
  const security = readSecurityId(child(position ?? node, 'SECID'));
  if (securityKind === undefined || position === undefined || security === null) return null;
  const units = parseLooseAmount(leaf(position, 'UNITS') ?? '') ?? '0';
  const number = (name: string): string | null => {
    const raw = leaf(position, name);
    return raw === null ? null : parseLooseAmount(raw);
  };
  return {
    security,
    securityKind,
    positionType: leaf(position, 'POSTYPE')?.toUpperCase() ?? null,
    heldIn: leaf(position, 'HELDINACCT')?.toUpperCase() ?? null,
    units,
    unitPrice: number('UNITPRICE'),
    marketValue: number('MKTVAL'),
    priceDate: dateOf(leaf(position, 'DTPRICEASOF')),
    currency: leaf(child(position, 'CURRENCY'), 'CURSYM')?.toUpperCase() ?? null,
    memo: leaf(position, 'MEMO'),
  };
}

const SECURITY_KINDS: Record<string, TSecurityKind> = {
  STOCKINFO: 'stock',
  MFINFO: 'mutual_fund',
  DEBTINFO: 'debt',
  OPTINFO: 'option',
  OTHERINFO: 'other',
};

function readSecurities(ofx: TOfxNode): TSecurity[] {
  const securities: TSecurity[] = [];
  for (const list of findAll(ofx, new Set(['SECLIST']))) {
    for (const info of list.children) {
      const kind = SECURITY_KINDS[info.name];
      const secInfo = child(info, 'SECINFO');
      const id = readSecurityId(child(secInfo ?? info, 'SECID'));
      if (kind === undefined || secInfo === undefined || id === null) continue;
      const price = leaf(secInfo, 'UNITPRICE');
      securities.push({
        id,
        kind,
        name: leaf(secInfo, 'SECNAME'),
        ticker: leaf(secInfo, 'TICKER'),
        unitPrice: price === null ? null : parseLooseAmount(price),
        currency: leaf(child(secInfo, 'CURRENCY'), 'CURSYM')?.toUpperCase() ?? null,
      });
    }
  }
  return securities;
}
