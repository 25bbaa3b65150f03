// One test per OFX quirk met in real files (see ../shared/corpus/README.md), on small hand-written documents.
import { describe, expect, it } from 'vitest';
import type { TStatementFile, TStatementResult } from './model.ts';
import { parseOfx } from './ofx.ts';

const SGML_HEADER =
  'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n';
const XML_HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n';
const SIGNON =
  '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240101</SONRS></SIGNONMSGSRSV1>';

function bankSgml(transactions: string, extra = ''): string {
  return `${SGML_HEADER}<OFX>${SIGNON}<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>42<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131${transactions}</BANKTRANLIST>${extra}</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function parsed(result: TStatementResult): TStatementFile {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.file;
}

describe('parseOfx', () => {
  it('reads unclosed SGML leaves, several aggregates on one line, and keeps the written calendar day', () => {
    const file = parsed(
      parseOfx(
        bytes(
          bankSgml(
            "<STMTTRN><TRNTYPE>POS<DTPOSTED>20090401230000.000[-5:EST]<TRNAMT>-6.60<FITID>A1<NAME>MCDONALD'S #112<MEMO>POS;MCDONALD'S</STMTTRN>",
          ),
        ),
      ),
    );
    expect(file.format).toBe('ofx-sgml');
    expect(file.statements[0]!.transactions).toEqual([
      {
        fitId: 'A1',
        date: '2009-04-01',
        time: '23:00:00',
        utcOffsetMinutes: -300,
        userDate: null,
        type: 'POS',
        rawType: 'POS',
        amount: '-6.6',
        payee: "MCDONALD'S #112",
        memo: "POS;MCDONALD'S",
        checkNumber: null,
        referenceNumber: null,
        category: null,
        currency: null,
        currencyRate: null,
      },
    ]);
  });

  it('reads comma decimals and zero-padded signed amounts', () => {
    const file = parsed(
      parseOfx(
        bytes(
          bankSgml(
            '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240105<TRNAMT>74,40<FITID>1</STMTTRN>' +
              '<STMTTRN><TRNTYPE>DEP<DTPOSTED>20240105<TRNAMT>+00000000000115.8331<FITID>2</STMTTRN>' +
              '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.234,56<FITID>3</STMTTRN>',
            '<LEDGERBAL><BALAMT>635,50<DTASOF>20240131</LEDGERBAL>',
          ),
        ),
      ),
    );
    expect(file.statements[0]!.transactions.map((transaction) => transaction.amount)).toEqual([
      '74.4',
      '115.8331',
      '-1234.56',
    ]);
    expect(file.statements[0]!.ledgerBalance).toEqual({ amount: '635.5', date: '2024-01-31' });
  });

  it('reports a transaction with a missing or impossible date as failed and imports the rest', () => {
    const file = parsed(
      parseOfx(
        bytes(
          bankSgml(
            '\n<STMTTRN><TRNTYPE>OTHER<TRNAMT>-80.00<FITID>F1<NAME>No date</STMTTRN>' +
              '\n<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20120231<TRNAMT>200.00<FITID>F2</STMTTRN>' +
              '\n<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20120228<TRNAMT>X<FITID>F3</STMTTRN>' +
              '\n<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20120228<TRNAMT>5<FITID>F4</STMTTRN>',
          ),
        ),
      ),
    );
    const statement = file.statements[0]!;
    expect(statement.transactions.map((transaction) => transaction.fitId)).toEqual(['F4']);
    expect(statement.failures).toEqual([
      { code: 'MISSING_DATE', message: 'DTPOSTED is missing', line: 12, fitId: 'F1' },
      { code: 'INVALID_DATE', message: "DTPOSTED '20120231' is not a valid date", line: 13, fitId: 'F2' },
      { code: 'INVALID_AMOUNT', message: "TRNAMT 'X' is not an amount", line: 14, fitId: 'F3' },
    ]);
  });

  it('decodes the charset the header declares, and ENCODING:UTF-8 wins over CHARSET', () => {
    const latin = bankSgml(
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1<FITID>1<NAME>Caf\u00e9</STMTTRN>',
    );
    const cp1252 = Uint8Array.from([...latin].map((char) => char.charCodeAt(0)));
    expect(parsed(parseOfx(cp1252)).statements[0]!.transactions[0]!.payee).toBe('Café');

    const utf8 = bytes(
      bankSgml(
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1<FITID>1<NAME>5\u20ac \u2014 d\u00e9bit</STMTTRN>',
      ).replace('ENCODING:USASCII', 'ENCODING:UTF-8'),
    );
    const file = parsed(parseOfx(utf8));
    expect(file.encoding).toBe('utf-8');
    expect(file.statements[0]!.transactions[0]!.payee).toBe('5€ — débit');
  });

  it('lets a byte-order mark win over the declared charset', () => {
    const text = bankSgml(
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1<FITID>1<NAME>Müller</STMTTRN>',
    );
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(text)]);
    const file = parsed(parseOfx(withBom));
    expect(file.encoding).toBe('utf-8');
    expect(file.statements[0]!.transactions[0]!.payee).toBe('Müller');
  });

  it('decodes entities once, reads CDATA as written, and a whole XML document on one line', () => {
    const xml =
      `${XML_HEADER.replaceAll('\n', '')}<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>` +
      '<CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>9</ACCTID></CCACCTFROM><BANKTRANLIST>' +
      '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240515</DTPOSTED><TRNAMT>-11.79</TRNAMT><FITID>1</FITID><NAME>TPAY &amp;lt;DEF&amp;gt;</NAME><MEMO><![CDATA[A & B <x>]]></MEMO></STMTTRN>' +
      '</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>';
    const file = parsed(parseOfx(bytes(xml)));
    expect(file.format).toBe('ofx-xml');
    const statement = file.statements[0]!;
    expect(statement.kind).toBe('credit_card');
    expect(statement.account.type).toBe('CREDITCARD');
    expect(statement.transactions[0]!.payee).toBe('TPAY &lt;DEF&gt;');
    expect(statement.transactions[0]!.memo).toBe('A & B <x>');
  });

  it('does not let an empty unclosed MEMO swallow the leaves after it', () => {
    const file = parsed(
      parseOfx(
        bytes(
          bankSgml('<STMTTRN><TRNTYPE>DEBIT<MEMO>\n<DTPOSTED>20240105<TRNAMT>-3<FITID>1<NAME>Shop</STMTTRN>'),
        ),
      ),
    );
    expect(file.statements[0]!.transactions[0]).toMatchObject({ amount: '-3', payee: 'Shop', memo: null });
  });

  it('keeps an unknown TRNTYPE as OTHER with its text, and reads DTUSER, REFNUM and a foreign CURRENCY', () => {
    const file = parsed(
      parseOfx(
        bytes(
          bankSgml(
            '<STMTTRN><TRNTYPE>1<DTPOSTED>20240105<DTUSER>20240103<TRNAMT>-3<FITID>1<REFNUM>R9<CURRENCY><CURRATE>1.06<CURSYM>usd</CURRENCY></STMTTRN>',
          ),
        ),
      ),
    );
    expect(file.statements[0]!.transactions[0]).toMatchObject({
      type: 'OTHER',
      rawType: '1',
      userDate: '2024-01-03',
      referenceNumber: 'R9',
      currency: 'USD',
      currencyRate: '1.06',
    });
  });

  it('takes the statement currency from its transactions when CURDEF is blank', () => {
    const text = bankSgml(
      '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20180507<TRNAMT>12.34<FITID></FITID><CURRENCY><CURRATE>1.0000<CURSYM>AUD</CURRENCY></STMTTRN>',
    ).replace('<CURDEF>USD', '<CURDEF></CURDEF>');
    const statement = parsed(parseOfx(bytes(text))).statements[0]!;
    expect(statement.currency).toBe('AUD');
    expect(statement.transactions[0]!.fitId).toBeNull();
  });

  it('warns about a blank balance instead of inventing zero', () => {
    const file = parsed(parseOfx(bytes(bankSgml('', '<LEDGERBAL><BALAMT> <DTASOF>20240131</LEDGERBAL>'))));
    expect(file.statements[0]!.ledgerBalance).toBeNull();
    expect(file.warnings).toEqual(['LEDGERBAL of account 42 has no amount']);
  });

  it('refuses a failed sign-on with the institution’s message', () => {
    const text = `${SGML_HEADER}<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Wrong password</STATUS><DTSERVER>20130325</SONRS></SIGNONMSGSRSV1></OFX>`;
    expect(parseOfx(bytes(text))).toEqual({
      ok: false,
      error: {
        code: 'SIGNON_FAILED',
        message: 'The institution refused the sign-on: Wrong password (code 15500)',
      },
    });
  });

  it('refuses a statement request answered with an error status, and a file without a statement', () => {
    const refused = `${XML_HEADER}<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>2000</CODE><SEVERITY>ERROR</SEVERITY><MESSAGE>General Server Error</MESSAGE></STATUS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(parseOfx(bytes(refused))).toEqual({
      ok: false,
      error: {
        code: 'STATEMENT_ERROR',
        message:
          'The institution answered with an error instead of a statement: General Server Error (code 2000)',
      },
    });
    const empty = parseOfx(bytes(`${SGML_HEADER}<OFX></OFX>`));
    expect(empty).toEqual({
      ok: false,
      error: { code: 'NO_STATEMENT', message: 'This OFX file holds no statement' },
    });
  });

  it('refuses a file cut short before </OFX>', () => {
    const text = bankSgml('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1<FITID>1</STMTTRN>');
    const result = parseOfx(bytes(text.slice(0, text.indexOf('</BANKTRANLIST>'))));
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'MALFORMED_OFX',
        message: 'This OFX file cannot be read: the file ends before </OFX>: it looks cut short',
      },
    });
  });

  it('reads investment trades, income, positions, cash and the security list', () => {
    const text = `${SGML_HEADER}<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><INVSTMTRS><DTASOF>20120908<CURDEF>USD<INVACCTFROM><BROKERID>b.com<ACCTID>7</INVACCTFROM><INVTRANLIST><DTSTART>20120701<DTEND>20120908
<BUYSTOCK><INVBUY><INVTRAN><FITID>B1<DTTRADE>20120720<DTSETTLE>20120723<MEMO>YOU BOUGHT</INVTRAN><SECID><UNIQUEID>458140100<UNIQUEIDTYPE>CUSIP</SECID><UNITS>+100.00000<UNITPRICE>25.635<COMMISSION>7.95<FEES>0<TOTAL>-2571.45<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INVBUY><BUYTYPE>BUY    </BUYSTOCK>
<REINVEST><INVTRAN><FITID>R1<DTTRADE>20120801</INVTRAN><SECID><UNIQUEID>458140100<UNIQUEIDTYPE>CUSIP</SECID><INCOMETYPE>DIV<TOTAL>-22.50<SUBACCTSEC>CASH<UNITS>0.911<UNITPRICE>24.7055</REINVEST>
<TRANSFER><INVTRAN><FITID>T1<DTTRADE>20120802</INVTRAN><SECID><UNIQUEID>BAZ<UNIQUEIDTYPE>PRIVATE</SECID><SUBACCTSEC>OTHER<UNITS>-9.060702<TFERACTION>OUT<POSTYPE>LONG</TRANSFER>
</INVTRANLIST><INVPOSLIST><POSSTOCK><INVPOS><SECID><UNIQUEID>458140100<UNIQUEIDTYPE>CUSIP</SECID><HELDINACCT>CASH<POSTYPE>LONG<UNITS>100.911<UNITPRICE>24.19<MKTVAL>+00000002441.03<DTPRICEASOF>20120907</INVPOS></POSSTOCK></INVPOSLIST>
<INVBAL><AVAILCASH>18073.98<MARGINBALANCE>0<SHORTBALANCE>0</INVBAL></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>
<SECLISTMSGSRSV1><SECLIST><STOCKINFO><SECINFO><SECID><UNIQUEID>458140100<UNIQUEIDTYPE>CUSIP</SECID><SECNAME>INTEL CORP<TICKER>INTC</SECINFO></STOCKINFO></SECLIST></SECLISTMSGSRSV1></OFX>`;
    const file = parsed(parseOfx(bytes(text)));
    const statement = file.statements[0]!;
    expect(statement).toMatchObject({
      kind: 'investment',
      asOfDate: '2012-09-08',
      cashBalance: { amount: '18073.98', date: '2012-09-08' },
    });
    expect(statement.investmentTransactions).toEqual([
      {
        fitId: 'B1',
        kind: 'buy',
        ofxType: 'BUYSTOCK',
        action: 'BUY',
        date: '2012-07-20',
        settleDate: '2012-07-23',
        security: { uniqueId: '458140100', idType: 'CUSIP' },
        units: '100',
        unitPrice: '25.635',
        commission: '7.95',
        fees: '0',
        total: '-2571.45',
        currency: null,
        memo: 'YOU BOUGHT',
      },
      expect.objectContaining({
        fitId: 'R1',
        kind: 'reinvest',
        action: 'DIV',
        units: '0.911',
        total: '-22.5',
      }),
      expect.objectContaining({
        fitId: 'T1',
        kind: 'transfer',
        action: 'OUT',
        units: '-9.060702',
        total: null,
      }),
    ]);
    expect(statement.positions).toEqual([
      {
        security: { uniqueId: '458140100', idType: 'CUSIP' },
        securityKind: 'stock',
        positionType: 'LONG',
        heldIn: 'CASH',
        units: '100.911',
        unitPrice: '24.19',
        marketValue: '2441.03',
        priceDate: '2012-09-07',
        currency: null,
        memo: null,
      },
    ]);
    expect(file.securities).toEqual([
      {
        id: { uniqueId: '458140100', idType: 'CUSIP' },
        kind: 'stock',
        name: 'INTEL CORP',
        ticker: 'INTC',
        unitPrice: null,
        currency: null,
      },
    ]);
  });
});

describe('parseOfx investment failures', () => {
  it('reports a trade without DTTRADE or with an unreadable number as failed, and keeps the others', () => {
    const trade = (fitId: string, date: string, units: string) =>
      `<BUYSTOCK><INVBUY><INVTRAN><FITID>${fitId}${date}</INVTRAN><SECID><UNIQUEID>X<UNIQUEIDTYPE>CUSIP</SECID><UNITS>${units}<UNITPRICE>1<TOTAL>-1</INVBUY><BUYTYPE>BUY</BUYSTOCK>`;
    const text = `${SGML_HEADER}<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><INVSTMTRS><DTASOF>20240101<CURDEF>USD<INVACCTFROM><BROKERID>b<ACCTID>7</INVACCTFROM><INVTRANLIST><DTSTART>20240101<DTEND>20240102
${trade('A', '', '1')}
${trade('B', '<DTTRADE>20240230', '1')}
${trade('C', '<DTTRADE>20240102', 'lots')}
${trade('D', '<DTTRADE>20240102', '2')}
</INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>`;
    const statement = parsed(parseOfx(bytes(text))).statements[0]!;
    expect(
      statement.investmentTransactions.map((transaction) => [transaction.fitId, transaction.units]),
    ).toEqual([['D', '2']]);
    expect(statement.failures).toEqual([
      { code: 'MISSING_DATE', message: 'BUYSTOCK DTTRADE is missing', line: 12, fitId: 'A' },
      {
        code: 'INVALID_DATE',
        message: "BUYSTOCK DTTRADE '20240230' is not a valid date",
        line: 13,
        fitId: 'B',
      },
      { code: 'INVALID_AMOUNT', message: "BUYSTOCK UNITS 'lots' is not a number", line: 14, fitId: 'C' },
    ]);
  });
});

describe('parseOfx partial trouble', () => {
  it('imports the good statement of a file where the institution refused another, and warns about it', () => {
    const good = bankSgml('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1<FITID>1</STMTTRN>');
    const text = good.replace(
      '</BANKMSGSRSV1>',
      '<STMTTRNRS><TRNUID>2<STATUS><CODE>2003<SEVERITY>ERROR<MESSAGE>Account not found</STATUS></STMTTRNRS></BANKMSGSRSV1>',
    );
    const file = parsed(parseOfx(bytes(text)));
    expect(file.statements.map((statement) => statement.account.number)).toEqual(['42']);
    expect(file.warnings).toEqual([
      'One statement was refused by the institution: Account not found (code 2003)',
    ]);
  });

  it('reads a file that says UTF-8 but is not as Windows-1252, with a warning', () => {
    const text = bankSgml(
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1<FITID>1<NAME>Caf\u00e9</STMTTRN>',
    ).replace('ENCODING:USASCII', 'ENCODING:UTF-8');
    const file = parsed(parseOfx(Uint8Array.from([...text].map((char) => char.charCodeAt(0)))));
    expect(file.encoding).toBe('windows-1252');
    expect(file.statements[0]!.transactions[0]!.payee).toBe('Café');
    expect(file.warnings).toEqual(['The file says it is UTF-8 but is not; it was read as Windows-1252']);
  });
});
