import { describe, expect, it } from 'vitest';
import {
  assetFamily,
  assetSavedMessage,
  hasAccountTags,
  isAccountType,
  softDeletedMessage,
  validateAsset,
} from './asset-rules.ts';
import { duplicatePriceMessage, priceViewFor, validatePrice } from './price-rules.ts';
import { canRenameTag, validateTag } from './tag-rules.ts';

const CATEGORY = [
  { tag_name: 'Category', tag_value: 'Cash' },
  { tag_name: 'Subcategory', tag_value: 'Checking' },
];

describe('validateAsset (core seed §5)', () => {
  it('requires type, name and currency, and a ticker for non-accounts', () => {
    const result = validateAsset({}, []);
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'type', message: 'Field is required' },
        { field: 'name', message: 'Field is required' },
        { field: 'ticker', message: 'Field is required' },
        { field: 'currency', message: 'Field is required' },
      ],
    });
  });

  it('accepts a stock and keeps its ticker as typed', () => {
    expect(validateAsset({ type: 'stock', name: 'Apple', ticker: 'AAPL', currency: 'usd' }, [])).toEqual({
      ok: true,
      value: { type: 'stock', name: 'Apple', ticker: 'AAPL', currency: 'USD', description: null },
    });
  });

  it('makes an account ticker follow its name and asks for Category and Subcategory', () => {
    const account = { type: 'bank account', name: 'Checking', ticker: 'ignored', currency: 'USD' };
    expect(validateAsset(account, [])).toEqual({
      ok: false,
      errors: [{ field: 'tags', message: 'Category and Subcategory are required' }],
    });
    const valid = validateAsset(account, CATEGORY);
    expect(valid.ok && valid.value.ticker).toBe('Checking');
  });

  it('refuses unknown types, unknown currencies, currency tickers that are not ISO codes and long text', () => {
    const result = validateAsset(
      {
        type: 'spaceship',
        name: 'x'.repeat(256),
        ticker: 'X',
        currency: 'XYZ',
        description: 'd'.repeat(300),
      },
      [],
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.field)).toEqual(['type', 'name', 'currency', 'description']);
    expect(result.errors[0]?.message).toMatch(/^Must be one of: currency, cryptocurrency/);
    expect(result.errors[1]?.message).toBe('Too long string');
    const currency = validateAsset({ type: 'currency', name: 'Nope', ticker: 'nop', currency: 'USD' }, []);
    expect(currency).toEqual({ ok: false, errors: [{ field: 'ticker', message: 'Unknown currency' }] });
  });

  it('takes exactly one non-empty Category and Subcategory as account tags', () => {
    expect(hasAccountTags(CATEGORY)).toBe(true);
    expect(hasAccountTags([...CATEGORY, { tag_name: 'Category', tag_value: 'Other' }])).toBe(false);
    expect(hasAccountTags([{ tag_name: 'Category', tag_value: 'Cash' }])).toBe(false);
    expect(
      hasAccountTags([
        { tag_name: 'Category', tag_value: 'Cash' },
        { tag_name: 'Subcategory', tag_value: ' ' },
      ]),
    ).toBe(false);
  });

  it('names families, toasts and the soft-deleted conflict the way the web client reads them', () => {
    expect(isAccountType('income account')).toBe(true);
    expect(isAccountType('stock')).toBe(false);
    expect(assetFamily('currency')).toBe('currency');
    expect(assetFamily('trust')).toBe('account');
    expect(assetFamily('etf')).toBe('asset');
    expect(assetSavedMessage('stock', 'Apple', 'created')).toBe('Asset Apple created');
    expect(assetSavedMessage('currency', 'Euro', 'updated')).toBe('Currency Euro updated');
    expect(assetSavedMessage('expense account', 'Fees', 'created')).toBe('Expense account Fees created');
    expect(softDeletedMessage('stock', 'Apple')).toContain('soft deleted');
  });
});

describe('validatePrice (core seed §3, §5)', () => {
  it('requires a date and a numeric close; only manual and override may be written', () => {
    expect(validatePrice({ date: '2026-01-02', close: '101.5' })).toEqual({
      ok: true,
      value: { date: '2026-01-02', close: '101.5', source: 'manual' },
    });
    expect(validatePrice({ date: '', close: null, source: 'security master' })).toEqual({
      ok: false,
      errors: [
        { field: 'date', message: 'Field is required' },
        { field: 'close', message: 'Field is required' },
        { field: 'source', message: 'Must be one of: manual, override' },
      ],
    });
    expect(validatePrice({ date: '2026-13-40', close: 'abc' })).toMatchObject({
      ok: false,
      errors: [
        { field: 'date', message: 'Please enter a valid date' },
        { field: 'close', message: 'Must be numeric' },
      ],
    });
  });

  it('words the duplicate day as the seed does', () => {
    expect(duplicatePriceMessage('2026-01-02')).toBe(
      'A price for date: 2026-01-02 already exists. Edit that record if you want to change it.',
    );
  });

  it('forces the table view with an override price or too few prices', () => {
    const many = Array.from({ length: 12 }, () => ({ source: 'manual' }));
    expect(priceViewFor(many)).toBe('chart');
    expect(priceViewFor([...many, { source: 'override' }])).toBe('table');
    expect(priceViewFor(many.slice(0, 3))).toBe('table');
  });
});

describe('tags (core seed §5)', () => {
  it('needs a name and a value', () => {
    expect(validateTag({ tag_name: 'Region', tag_value: 'EU' })).toEqual({
      ok: true,
      value: { tag_name: 'Region', tag_value: 'EU' },
    });
    expect(validateTag({ tag_name: ' ', tag_value: '' })).toMatchObject({ ok: false });
  });

  it('keeps Category and Subcategory names fixed', () => {
    expect(canRenameTag('Region', 'Area')).toBe(true);
    expect(canRenameTag('Category', 'Kind')).toBe(false);
    expect(canRenameTag('Region', 'Subcategory')).toBe(false);
    expect(canRenameTag('Category', 'Category')).toBe(true);
  });
});
