// Writers of statement files for the property tests (generate → write → parse → compare) and the parse
// benchmark. Deliberately independent of the parsers: they write what the formats' specifications and
// real banks write, including OFX 1.x's unclosed leaves, arbitrary whitespace and one-line documents.
import Papa from 'papaparse';

export interface TWritableTransaction {
  fitId: string;
  date: string;
  type: string;
  amount: string;
  payee: string | null;
  memo: string | null;
  checkNumber: string | null;
}

export interface TWritableStatement {
  kind: 'bank' | 'credit_card';
  accountNumber: string;
  accountType: string;
  currency: string;
  startDate: string;
  endDate: string;
  ledgerBalance: string;
  transactions: TWritableTransaction[];
}

export interface TSgmlStyle {
  /** Whitespace put between tags, taken in turn ('' writes the whole document on one line). */
  separators: readonly string[];
  /** Whether each leaf gets its end tag, taken in turn (real SGML files mix both). */
  closeLeaves: readonly boolean[];
}

const ofxDate = (date: string): string => date.replaceAll('-', '');

function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

type TElement = [name: string, content: string | TElement[]];

function statementElements(statement: TWritableStatement): TElement[] {
  const transactions: TElement[] = statement.transactions.map((transaction) => {
    const leaves: TElement[] = [
      ['TRNTYPE', transaction.type],
      ['DTPOSTED', `${ofxDate(transaction.date)}120000.000[-5:EST]`],
      ['TRNAMT', transaction.amount],
      ['FITID', transaction.fitId],
    ];
    if (transaction.checkNumber !== null) leaves.push(['CHECKNUM', transaction.checkNumber]);
    if (transaction.payee !== null) leaves.push(['NAME', transaction.payee]);
    if (transaction.memo !== null) leaves.push(['MEMO', transaction.memo]);
    return ['STMTTRN', leaves];
  });
  const isCard = statement.kind === 'credit_card';
  const account: TElement = isCard
    ? ['CCACCTFROM', [['ACCTID', statement.accountNumber]]]
    : [
        'BANKACCTFROM',
        [
          ['BANKID', '123456789'],
          ['ACCTID', statement.accountNumber],
          ['ACCTTYPE', statement.accountType],
        ],
      ];
  const response: TElement = [
    isCard ? 'CCSTMTRS' : 'STMTRS',
    [
      ['CURDEF', statement.currency],
      account,
      [
        'BANKTRANLIST',
        [['DTSTART', ofxDate(statement.startDate)], ['DTEND', ofxDate(statement.endDate)], ...transactions],
      ],
      [
        'LEDGERBAL',
        [
          ['BALAMT', statement.ledgerBalance],
          ['DTASOF', ofxDate(statement.endDate)],
        ],
      ],
    ],
  ];
  return [
    [
      isCard ? 'CCSTMTTRNRS' : 'STMTTRNRS',
      [
        ['TRNUID', '1'],
        [
          'STATUS',
          [
            ['CODE', '0'],
            ['SEVERITY', 'INFO'],
          ],
        ],
        response,
      ],
    ],
  ];
}

function document(statements: TWritableStatement[]): TElement {
  const banks = statements.filter((statement) => statement.kind === 'bank').flatMap(statementElements);
  const cards = statements.filter((statement) => statement.kind === 'credit_card').flatMap(statementElements);
  const sets: TElement[] = [
    [
      'SIGNONMSGSRSV1',
      [
        [
          'SONRS',
          [
            [
              'STATUS',
              [
                ['CODE', '0'],
                ['SEVERITY', 'INFO'],
              ],
            ],
            ['DTSERVER', '20240102030405'],
            ['LANGUAGE', 'ENG'],
          ],
        ],
      ],
    ],
  ];
  if (banks.length > 0) sets.push(['BANKMSGSRSV1', banks]);
  if (cards.length > 0) sets.push(['CREDITCARDMSGSRSV1', cards]);
  return ['OFX', sets];
}

/** OFX 1.0.2 SGML with the classic key:value header; CHARSET 1252 unless `charset` says otherwise. */
export function writeOfxSgml(statements: TWritableStatement[], style: TSgmlStyle, charset = '1252'): string {
  let turn = 0;
  const separator = (): string => style.separators[turn++ % style.separators.length] ?? '';
  let leafTurn = 0;
  const closes = (): boolean => style.closeLeaves[leafTurn++ % style.closeLeaves.length] ?? false;
  const write = ([name, content]: TElement): string => {
    if (typeof content === 'string') {
      return `<${name}>${escapeMarkup(content)}${closes() ? `</${name}>` : ''}${separator()}`;
    }
    return `<${name}>${separator()}${content.map(write).join('')}</${name}>${separator()}`;
  };
  const header = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    `CHARSET:${charset}`,
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
  ].join('\r\n');
  return `${header}\r\n\r\n${write(document(statements))}`;
}

/** OFX 2.1.1 XML, every element closed, indented or on one line. */
export function writeOfxXml(statements: TWritableStatement[], isOneLine: boolean): string {
  const newline = isOneLine ? '' : '\n';
  const write = ([name, content]: TElement, depth: number): string => {
    const indent = isOneLine ? '' : '  '.repeat(depth);
    if (typeof content === 'string') return `${indent}<${name}>${escapeMarkup(content)}</${name}>${newline}`;
    return `${indent}<${name}>${newline}${content.map((element) => write(element, depth + 1)).join('')}${indent}</${name}>${newline}`;
  };
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${newline}` +
    `<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>${newline}` +
    write(document(statements), 0)
  );
}

/** QIF !Type:Bank with US dates (MM/DD/YYYY). */
export function writeQif(statement: TWritableStatement): string {
  const lines = ['!Type:Bank'];
  for (const transaction of statement.transactions) {
    const [year, month, day] = transaction.date.split('-');
    lines.push(`D${month}/${day}/${year}`, `T${transaction.amount}`);
    if (transaction.checkNumber !== null) lines.push(`N${transaction.checkNumber}`);
    if (transaction.payee !== null) lines.push(`P${transaction.payee}`);
    if (transaction.memo !== null) lines.push(`M${transaction.memo}`);
    lines.push('^');
  }
  return `${lines.join('\n')}\n`;
}

/** CSV with a header: Date (YYYY-MM-DD), Amount, Payee, Memo, Id, Check. */
export function writeCsv(statement: TWritableStatement, delimiter = ','): string {
  return Papa.unparse(
    {
      fields: ['Date', 'Amount', 'Payee', 'Memo', 'Id', 'Check'],
      data: statement.transactions.map((transaction) => [
        transaction.date,
        transaction.amount,
        transaction.payee ?? '',
        transaction.memo ?? '',
        transaction.fitId,
        transaction.checkNumber ?? '',
      ]),
    },
    { delimiter, newline: '\r\n' },
  );
}
