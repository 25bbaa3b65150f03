// streamOfx hands a bank or card statement's rows to a sink as it reads them instead of keeping them; put
// back by their list numbers, they must make exactly what parseOfx answers for the same bytes — on every
// OFX/QFX file of the shared corpus and on hand-written files with the cases the streaming decides on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TStatementResult, TStatementTransaction } from './model.ts';
import { parseOfx, streamOfx } from './ofx.ts';

const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/ofx/', import.meta.url));

/** streamOfx's answer with each statement's streamed rows put back where parseOfx keeps them. */
function reassembled(bytes: Uint8Array): { result: TStatementResult; streamed: number } {
  const rows = new Map<number, TStatementTransaction[]>();
  let streamed = 0;
  const answer = streamOfx(bytes, (row, list) => {
    streamed += 1;
    rows.set(list, [...(rows.get(list) ?? []), row]);
  });
  if (!answer.ok) return { result: answer, streamed };
  const statements = answer.file.statements.map((statement, index) => {
    const list = answer.listOf[index];
    return list === null || list === undefined
      ? statement
      : { ...statement, transactions: [...(rows.get(list) ?? []), ...statement.transactions] };
  });
  return { result: { ok: true, file: { ...answer.file, statements } }, streamed };
}

const ofxFiles = existsSync(CORPUS)
  ? readdirSync(CORPUS, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((folder) => readdirSync(`${CORPUS}${folder.name}`).map((file) => `${folder.name}/${file}`))
      .filter((file) => /\.(ofx|qfx)$/i.test(file))
      .sort()
  : [];

const sgml = (body: string) =>
  new TextEncoder().encode(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>${body}</OFX>\n`,
  );
const row = (fitId: string, amount: string, currency = '') =>
  `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>${amount}<FITID>${fitId}<NAME>Shop ${fitId}${currency}</STMTTRN>`;

describe('streamOfx', () => {
  it('finds the corpus', () => {
    expect(ofxFiles.length).toBeGreaterThan(20);
  });

  it.each(ofxFiles)('%s: the same statements as parseOfx', (file) => {
    const bytes = new Uint8Array(readFileSync(`${CORPUS}${file}`));
    expect(reassembled(bytes).result).toEqual(parseOfx(bytes));
  });

  it('streams a bank list, keeps its unreadable rows as failures, and leaves a second list of one statement out as parseOfx does', () => {
    const bytes = sgml(
      '<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>1</BANKACCTFROM>' +
        `<BANKTRANLIST>${row('A', '-1.00')}<STMTTRN><TRNTYPE>DEBIT<TRNAMT>-9<FITID>BAD</STMTTRN>${row('B', '2.50')}</BANKTRANLIST>` +
        `<BANKTRANLIST>${row('C', '-3.00')}</BANKTRANLIST>` +
        '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    );
    const { result, streamed } = reassembled(bytes);
    expect(result).toEqual(parseOfx(bytes));
    // A and B, and C (streamed, then left out with its list, as parseOfx leaves it out).
    expect(streamed).toBe(3);
    const statement = result.ok ? result.file.statements[0]! : null;
    expect(statement?.transactions.map((transaction) => transaction.fitId)).toEqual(['A', 'B']);
    expect(statement?.failures.map((failure) => failure.fitId)).toEqual(['BAD']);
  });

  it('takes a blank CURDEF from the streamed rows’ one currency, as parseOfx does', () => {
    const bytes = sgml(
      '<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF><CCACCTFROM><ACCTID>4</CCACCTFROM><BANKTRANLIST>' +
        `${row('A', '-1.00', '<CURRENCY><CURRATE>1.1<CURSYM>EUR</CURRENCY>')}${row('B', '-2.00', '<CURRENCY><CURRATE>1.1<CURSYM>EUR</CURRENCY>')}` +
        '</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>',
    );
    const { result } = reassembled(bytes);
    expect(result).toEqual(parseOfx(bytes));
    expect(result.ok && result.file.statements[0]!.currency).toBe('EUR');
  });
});
