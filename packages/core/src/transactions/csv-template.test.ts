import { describe, expect, it } from 'vitest';
import { formatTemplate, parseTemplate } from './csv-template.ts';

const HEADER =
  'type, date, account1, amount1, asset1, account2, amount2, asset2, account3, account4, description';

describe('the import template', () => {
  it("reads the seed's header with spaces, in any case, and drops trailing empty entries", () => {
    const text = `${HEADER}\nbuy,2026-01-05,Broker,10,AAPL,Broker,1500,USD,,,"First buy, at last"\n`;
    expect(parseTemplate(text)).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          type: 'buy',
          date: '2026-01-05',
          description: 'First buy, at last',
          entries: [
            { account: 'Broker', amount: '10', asset: 'AAPL' },
            { account: 'Broker', amount: '1500', asset: 'USD' },
          ],
        },
      ],
    });
  });

  it('names the missing columns', () => {
    expect(parseTemplate('type,date\nbuy,2026-01-01')).toEqual({
      ok: false,
      errors: [
        {
          line: 1,
          field: 'header',
          message:
            'Missing columns: account1, amount1, asset1, account2, amount2, asset2, account3, account4, description',
        },
      ],
    });
  });

  it('names each cell holding a control character by line and column', () => {
    const text = `${HEADER}\ndeposit,2026-01-02,Bro\u0000ker,100,USD,,,,,,ok\ndeposit,2026-01-03,Broker,100,USD,,,,,,a\u001Bb\n`;
    expect(parseTemplate(text)).toEqual({
      ok: false,
      errors: [
        { line: 2, field: 'account1', message: 'Must not contain control characters (such as NUL)' },
        { line: 3, field: 'description', message: 'Must not contain control characters (such as NUL)' },
      ],
    });
  });

  it('detects semicolons and tabs (pastes from spreadsheets)', () => {
    const tabbed = `${HEADER.replaceAll(', ', '\t')}\ndeposit\t2026-01-02\tChecking\t100\tUSD\t\t\t\t\t\t`;
    const parsed = parseTemplate(tabbed);
    expect(parsed.ok && parsed.rows[0]?.entries).toEqual([
      { account: 'Checking', amount: '100', asset: 'USD' },
    ]);
    const semicolons = parseTemplate(
      `${HEADER.replaceAll(', ', ';')}\ndeposit;2026-01-02;Checking;100;USD;;;;;;`,
    );
    expect(semicolons.ok && semicolons.rows[0]?.type).toBe('deposit');
  });

  it('round-trips four entries through the export columns, quoting what needs it', () => {
    const transactions = [
      {
        type: 'capital call',
        date: '2026-02-01',
        description: 'Call "3", per notice',
        entries: [
          { account: 'PE', amount: '-100', asset: 'Fund III' },
          { account: 'PE', amount: '100', asset: 'Fund III' },
          { account: 'PE', amount: '-100', asset: 'USD' },
          { account: 'Fees', amount: '2.5', asset: 'USD' },
        ],
      },
    ];
    const text = formatTemplate(transactions);
    expect(text.split('\r\n')[0]).toBe(
      'type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description,amount3,asset3,amount4,asset4',
    );
    const parsed = parseTemplate(text);
    expect(parsed.ok && parsed.rows.map(({ line: _line, ...row }) => row)).toEqual(transactions);
  });

  it("exports exactly the seed's header while no transaction has a third or fourth entry", () => {
    const transactions = [
      {
        type: 'buy',
        date: '2026-01-05',
        description: null,
        entries: [
          { account: 'Broker', amount: '10', asset: 'Apple' },
          { account: 'Broker', amount: '-1500', asset: 'US Dollar' },
        ],
      },
    ];
    expect(formatTemplate(transactions).split('\r\n')).toEqual([
      'type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description',
      'buy,2026-01-05,Broker,10,Apple,Broker,-1500,US Dollar,,,',
    ]);
    expect(formatTemplate([]).split('\r\n')[0]).toBe(
      'type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description',
    );
  });
});
