import { describe, expect, it } from 'vitest';
import { assetListRows, assetTitle, deletedOffer, listKindOfType } from './asset-lists.ts';
import { sortAssets, toCsv } from './asset-table.ts';

const row = (name: string, type: string, extra: Partial<{ ticker: string; deleted_at: string }> = {}) => ({
  name,
  type,
  ticker: extra.ticker ?? null,
  currency: 'USD',
  deleted_at: extra.deleted_at ?? null,
  is_readonly: false,
});

describe('assetTitle', () => {
  it('shows the ticker only when it differs from the name', () => {
    expect(assetTitle({ name: 'Apple', ticker: 'AAPL', type: 'stock' })).toBe('Apple · AAPL · stock');
    expect(assetTitle({ name: 'Broker', ticker: 'Broker', type: 'investment account' })).toBe(
      'Broker · investment account',
    );
    expect(assetTitle({ name: 'Gold', ticker: null, type: 'collectible' })).toBe('Gold · collectible');
  });
});

describe('lists and the soft-deleted offer', () => {
  it('puts each type in its list', () => {
    expect(listKindOfType('stock')).toBe('assets');
    expect(listKindOfType('bank account')).toBe('assets');
    expect(listKindOfType('currency')).toBe('currencies');
    expect(listKindOfType('income account')).toBe('income-accounts');
    expect(listKindOfType('expense account')).toBe('expense-accounts');
  });

  it("offers the seed's words and the trash of the twin's list", () => {
    expect(deletedOffer('stock')).toEqual({ label: 'Go to deleted assets', to: '/assets?view=trash' });
    expect(deletedOffer('currency')).toEqual({
      label: 'Go to deleted currencies',
      to: '/currencies?view=trash',
    });
    expect(deletedOffer('bank account')).toEqual({
      label: 'Go to deleted accounts',
      to: '/assets?view=trash',
    });
    expect(deletedOffer('income account')).toEqual({
      label: 'Go to deleted accounts',
      to: '/income-accounts?view=trash',
    });
  });

  it('filters by list, trash and search, by name', () => {
    const assets = [
      row('Zeta', 'stock', { ticker: 'ZZ' }),
      row('Alpha', 'etf', { ticker: 'AL' }),
      row('Gone', 'stock', { deleted_at: '2026-01-01T00:00:00.000Z' }),
      row('Euro', 'currency', { ticker: 'EUR' }),
    ];
    expect(assetListRows(assets, 'assets', 'live', '').map((a) => a.name)).toEqual(['Alpha', 'Zeta']);
    expect(assetListRows(assets, 'assets', 'trash', '').map((a) => a.name)).toEqual(['Gone']);
    expect(assetListRows(assets, 'assets', 'live', 'zz').map((a) => a.name)).toEqual(['Zeta']);
    expect(assetListRows(assets, 'currencies', 'live', 'eur').map((a) => a.name)).toEqual(['Euro']);
  });
});

describe('trash grid helpers', () => {
  it('sorts by a column either way', () => {
    const rows = [row('B', 'stock', { ticker: 'X' }), row('A', 'etf', { ticker: 'Y' })];
    expect(sortAssets(rows, { field: 'ticker', direction: 'descending' }).map((r) => r.name)).toEqual([
      'A',
      'B',
    ]);
    expect(sortAssets(rows, { field: 'type', direction: 'ascending' }).map((r) => r.name)).toEqual([
      'A',
      'B',
    ]);
  });

  it('exports CSV that a spreadsheet will not run', () => {
    expect(toCsv([row('=cmd', 'stock', { ticker: 'A,B' }), row('@x', 'bond', { ticker: '\t1' })])).toBe(
      "Name,Ticker,Type,Currency,Deleted at\r\n'=cmd,\"A,B\",stock,USD,\r\n'@x,'\t1,bond,USD,",
    );
  });
});
