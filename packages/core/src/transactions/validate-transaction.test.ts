import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from './catalogue.ts';
import { EXAMPLE_ASSETS, TYPE_EXAMPLES } from './type-examples.ts';
import { applyAmountRule, MAX_DESCRIPTION_LENGTH, validateTransaction } from './validate-transaction.ts';

const buy = (entries: unknown[], extra: Record<string, unknown> = {}) =>
  validateTransaction(
    { type: 'buy', date: '2024-03-01', entries: entries as never, ...extra },
    EXAMPLE_ASSETS,
  );

const errorsOf = (result: ReturnType<typeof validateTransaction>) => (result.ok ? [] : result.errors);

describe('worked examples', () => {
  it('covers every type exactly once', () => {
    expect(TYPE_EXAMPLES.map((x) => x.draft.type).sort()).toEqual(
      TRANSACTION_TYPES.map((t) => t.name).sort(),
    );
  });

  it.each(TYPE_EXAMPLES.map((x) => [x.draft.type, x] as const))('%s validates unchanged', (_name, x) => {
    const result = validateTransaction(x.draft, EXAMPLE_ASSETS);
    expect(errorsOf(result)).toEqual([]);
    expect(result.ok && result.value.entries).toEqual(x.draft.entries);
  });

  it.each(TYPE_EXAMPLES.map((x) => [x.draft.type, x] as const))(
    '%s is documented in docs/domain.md',
    (name, x) => {
      const doc = readFileSync(new URL('../../../../docs/domain.md', import.meta.url), 'utf8');
      expect(doc).toContain(`### ${name}\n`);
      expect(doc).toContain(x.effect);
    },
  );

  it('reads typed magnitudes as the rule signs them', () => {
    for (const x of TYPE_EXAMPLES) {
      const typed = x.draft.entries?.map((entry, index) => {
        const rule = TRANSACTION_TYPES.find((t) => t.name === x.draft.type)?.entries[index]?.amount.rule;
        const isSignForced = rule !== 'any' && rule !== 'ratio';
        return isSignForced ? { ...entry, amount: String(entry.amount).replace('-', '') } : entry;
      });
      const result = validateTransaction({ ...x.draft, entries: typed }, EXAMPLE_ASSETS);
      expect(result.ok && result.value.entries, x.draft.type).toEqual(x.draft.entries);
    }
  });
});

describe('applyAmountRule', () => {
  it('forces signs and only refuses zero on signed rules', () => {
    expect(applyAmountRule('positive', '-10')).toEqual({ ok: true, value: '10' });
    expect(applyAmountRule('negative', '1500')).toEqual({ ok: true, value: '-1500' });
    expect(applyAmountRule('nonPositive', '0')).toEqual({ ok: true, value: '0' });
    expect(applyAmountRule('nonNegative', '-3')).toEqual({ ok: true, value: '3' });
    expect(applyAmountRule('positive', '0')).toMatchObject({ ok: false, message: 'Must be positive' });
    expect(applyAmountRule('negative', '0')).toMatchObject({ ok: false, message: 'Must be negative' });
  });

  it('keeps signs on any, ratio, percent and one', () => {
    expect(applyAmountRule('any', '-7')).toEqual({ ok: true, value: '-7' });
    expect(applyAmountRule('ratio', '0.5')).toEqual({ ok: true, value: '0.5' });
    expect(applyAmountRule('ratio', '-2')).toMatchObject({ ok: false, message: 'Must be positive' });
    expect(applyAmountRule('percent', '-12.5%')).toEqual({ ok: true, value: '-0.125' });
    expect(applyAmountRule('percent', '2')).toMatchObject({
      ok: false,
      message: 'Must be less than or equal 100%',
    });
    expect(applyAmountRule('one', '2')).toMatchObject({ ok: false, message: 'Must be equal one' });
    expect(applyAmountRule('any', 'ten')).toMatchObject({ ok: false, message: 'Must be numeric' });
  });
});

describe('validateTransaction', () => {
  const goodBuy = [
    { account_id: 'brokerage', asset_id: 'acme', amount: '10' },
    { account_id: 'brokerage', asset_id: 'usd', amount: '1505' },
  ];

  it('drops a blank optional fee and normalises the rest', () => {
    const result = buy([...goodBuy, { account_id: '', asset_id: null, amount: '' }], {
      description: '  note  ',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        type: 'buy',
        date: '2024-03-01',
        description: 'note',
        entries: [
          { account_id: 'brokerage', asset_id: 'acme', amount: '10', pos_id: null },
          { account_id: 'brokerage', asset_id: 'usd', amount: '-1505', pos_id: null },
        ],
      },
    });
  });

  it('requires the type and a known type', () => {
    const missing = validateTransaction({ date: '2024-01-01', entries: [] }, EXAMPLE_ASSETS);
    expect(errorsOf(missing)).toEqual([{ path: 'type', label: 'Type', message: 'Field is required' }]);
    const unknown = validateTransaction({ type: 'gift', date: '2024-01-01', entries: [] }, EXAMPLE_ASSETS);
    expect(errorsOf(unknown)[0]?.message).toMatch(/^Must be one of: deposit, withdrawal, /);
  });

  it('refuses PRO-only types for plans without them', () => {
    const call = TYPE_EXAMPLES.find((x) => x.draft.type === 'capital call');
    const result = validateTransaction(call!.draft, EXAMPLE_ASSETS, { canUseProTypes: false });
    expect(errorsOf(result)).toEqual([
      { path: 'type', label: 'Type', message: 'Not available on your plan' },
    ]);
  });

  it('validates the date and clamps early years', () => {
    expect(errorsOf(buy(goodBuy, { date: '' }))).toEqual([
      { path: 'date', label: 'Date', message: 'Field is required' },
    ]);
    expect(errorsOf(buy(goodBuy, { date: '2024-02-30' }))).toEqual([
      { path: 'date', label: 'Date', message: 'Please enter a valid date' },
    ]);
    const early = buy(goodBuy, { date: '1850-05-05' });
    expect(early.ok && early.value.date).toBe('1900-01-01');
  });

  it("limits the description to the seed's 255 characters", () => {
    expect(MAX_DESCRIPTION_LENGTH).toBe(255);
    expect(buy(goodBuy, { description: 'x'.repeat(255) }).ok).toBe(true);
    expect(errorsOf(buy(goodBuy, { description: 'x'.repeat(256) }))).toEqual([
      { path: 'description', label: 'Description', message: 'Too long string' },
    ]);
  });

  it('labels entry errors by entry title and field', () => {
    const result = buy([
      { account_id: 'dividends', asset_id: 'usd', amount: '10' },
      { account_id: 'brokerage', asset_id: 'nope', amount: 'ten' },
    ]);
    expect(errorsOf(result)).toEqual([
      {
        path: 'entries.0.account_id',
        label: 'Position: account',
        message:
          'Must be one of: bank account, credit card, crypto wallet, investment account, loan, other account, person, trust',
      },
      {
        path: 'entries.0.asset_id',
        label: 'Position: asset',
        message:
          'Must be one of: cryptocurrency, stock, etf, bond, mutual fund, private fund, private security, real estate, vehicle, collectible, other',
      },
      { path: 'entries.1.asset_id', label: 'Cash: asset', message: 'Does not exist' },
      { path: 'entries.1.amount', label: 'Cash: amount', message: 'Must be numeric' },
    ]);
  });

  it('requires every field of a required entry', () => {
    expect(errorsOf(buy([goodBuy[0]]))).toEqual([
      { path: 'entries.1.account_id', label: 'Cash: account', message: 'Field is required' },
      { path: 'entries.1.asset_id', label: 'Cash: asset', message: 'Field is required' },
      { path: 'entries.1.amount', label: 'Cash: amount', message: 'Field is required' },
    ]);
  });

  it('validates a partly filled optional entry in full', () => {
    expect(errorsOf(buy([...goodBuy, { amount: '5' }]))).toEqual([
      { path: 'entries.2.account_id', label: 'Fee: account', message: 'Field is required' },
      { path: 'entries.2.asset_id', label: 'Fee: asset', message: 'Field is required' },
    ]);
  });

  it('checks a fixed category with its equality message', () => {
    const result = validateTransaction(
      {
        type: 'dividend',
        date: '2024-04-15',
        entries: [
          { account_id: 'brokerage', asset_id: 'usd', amount: '12.5' },
          { account_id: 'salary', asset_id: 'usd', amount: '12.5' },
        ],
      },
      EXAMPLE_ASSETS,
    );
    expect(errorsOf(result)).toEqual([
      { path: 'entries.1.account_id', label: 'Dividend: account', message: 'Must be equal to cash dividend' },
    ]);
  });

  it('allows pos_id only on income and expense entries, pointing at an instrument', () => {
    expect(errorsOf(buy([{ ...goodBuy[0], pos_id: 'acme' }, goodBuy[1]]))).toEqual([
      { path: 'entries.0.pos_id', label: 'Position: position', message: 'Must be empty' },
    ]);
    expect(
      errorsOf(
        buy([...goodBuy, { account_id: 'broker-fees', asset_id: 'usd', amount: '5', pos_id: 'usd' }]),
      )[0],
    ).toMatchObject({
      path: 'entries.2.pos_id',
      label: 'Fee: position',
    });
  });

  it('refuses entries beyond the type’s slots and more than four entries', () => {
    const extra = { account_id: 'bank', asset_id: 'usd', amount: '1' };
    expect(errorsOf(buy([...goodBuy, {}, extra]))).toEqual([
      { path: 'entries.3', label: 'Entry 4', message: 'Must be empty' },
    ]);
    expect(errorsOf(buy([...goodBuy, {}, {}, {}]))).toEqual([
      { path: 'entries', label: 'Entries', message: 'At most 4 entries' },
    ]);
  });
});
