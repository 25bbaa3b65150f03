// The reader's sending order, without its thread: the head, then each statement's rows in batches, one per
// credit — the same rows, in the same order, as core's parseOfx keeps for the same bytes.
import { parseOfx } from '@strata/core/statements/ofx';
import { describe, expect, it } from 'vitest';
import { emitOfx, type TEmitter } from './linked-statement-emit.ts';
import type { TWorkerMessage } from './linked-statement-head.ts';

const sgml = (body: string) =>
  new TextEncoder().encode(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>${body}</OFX>\n`,
  );
const row = (fitId: string, amount: string) =>
  `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>${amount}<FITID>${fitId}<NAME>Shop</STMTTRN>`;
const statement = (account: string, rows: string) =>
  `<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>${account}</BANKACCTFROM><BANKTRANLIST>${rows}</BANKTRANLIST></STMTRS></STMTTRNRS>`;

/** Runs emitOfx with a credit always at hand; answers what it sent. */
function sent(bytes: Uint8Array, accountsWithHistory: string[] = []): TWorkerMessage[] {
  const messages: TWorkerMessage[] = [];
  const emitter: TEmitter = {
    post: (message) => messages.push(structuredClone(message)),
    waitForCredit: () => true,
    batchRows: 2,
    accountsWithHistory,
  };
  emitOfx(emitter, bytes);
  return messages;
}

const fitIdsOf = (messages: TWorkerMessage[], statement: number) =>
  messages.flatMap((message) =>
    message.kind === 'batch' && message.statement === statement ? [message.rows.map((r) => r.fitId)] : [],
  );

describe('emitOfx', () => {
  it('sends the head, then each statement’s rows in batches, in order; keys only for an account holding rows', () => {
    const bytes = sgml(
      `<BANKMSGSRSV1>${statement('1', row('A', '-1') + row('B', '-2') + row('C', '-3'))}${statement('2', row('D', '4'))}</BANKMSGSRSV1>`,
    );
    const messages = sent(bytes, ['2']);
    expect(messages[0]?.kind).toBe('head');
    const head = messages[0]?.kind === 'head' ? messages[0].head : null;
    expect(
      head?.statements.map((s) => [s.transactionCount, s.dedupKeys?.map((key) => key.fitId) ?? null]),
    ).toEqual([
      [3, null],
      [1, ['D']],
    ]);
    expect(fitIdsOf(messages, 0)).toEqual([['A', 'B'], ['C']]);
    expect(fitIdsOf(messages, 1)).toEqual([['D']]);
    const whole = parseOfx(bytes);
    const rows = messages.flatMap((message) => (message.kind === 'batch' ? message.rows : []));
    expect(rows).toEqual(whole.ok ? whole.file.statements.flatMap((s) => s.transactions) : null);
  });

  it('reads whole, in parseOfx’s order, a bank list that also holds an INVBANKTRAN', () => {
    const bytes = sgml(
      `<BANKMSGSRSV1>${statement('1', `${row('A', '-1')}<INVBANKTRAN>${row('B', '-2')}<SUBACCTFUND>CASH</INVBANKTRAN>${row('C', '-3')}`)}</BANKMSGSRSV1>`,
    );
    const messages = sent(bytes);
    expect(fitIdsOf(messages, 0)).toEqual([['A', 'B'], ['C']]);
  });
});
