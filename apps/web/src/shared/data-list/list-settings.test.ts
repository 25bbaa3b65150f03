import { parseFilter } from '@strata/core/filters/filter-model';
import { TRANSACTION_FILTER_FIELDS as FIELDS } from '@strata/core/transactions/transaction-filter-fields';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDebouncedSaver,
  LIST_SETTINGS_SAVE_DELAY_MS,
  mergeListSettings,
  readListSettings,
  type TListSettings,
} from './list-settings.ts';

const parsed = parseFilter(
  { logic: 'AND', groups: [{ logic: 'OR', params: [{ field: 'type', comparison: 'EQ', value: 'buy' }] }] },
  FIELDS,
);
if (!parsed.ok) throw new Error('fixture');
const settings: TListSettings = {
  sort: [{ field: 'date', sortDirection: 'descending' }],
  filter: parsed.value,
};

describe('list settings in ui_settings', () => {
  it('merges one list into ui_settings keeping the other lists and keys', () => {
    const before = { pinnedMenu: true, lists: { assets: { sort: [], filter: null } } };
    const merged = mergeListSettings(before, 'transactions', settings);
    expect(merged.pinnedMenu).toBe(true);
    expect((merged.lists as Record<string, unknown>).assets).toEqual({ sort: [], filter: null });
    expect(readListSettings(merged, 'transactions', FIELDS)).toEqual(settings);
    expect(mergeListSettings(null, 'transactions', settings)).toEqual({
      lists: {
        transactions: {
          sort: [{ field: 'date', sortDirection: 'descending' }],
          filter: {
            logic: 'AND',
            groups: [{ logic: 'OR', params: [{ field: 'type', comparison: 'EQ', value: 'buy' }] }],
          },
        },
      },
    });
  });

  it('reads back JSON-round-tripped settings as stored', () => {
    const stored = JSON.parse(JSON.stringify(mergeListSettings({}, 'transactions', settings)));
    expect(readListSettings(stored, 'transactions', FIELDS)).toEqual(settings);
  });

  it('falls back to the defaults when nothing is stored or the stored part no longer parses', () => {
    const defaults = { sort: [{ field: 'date', sortDirection: 'descending' as const }] };
    expect(readListSettings(null, 'transactions', FIELDS, defaults)).toEqual({
      sort: defaults.sort,
      filter: { logic: 'AND', groups: [] },
    });
    const stale = {
      lists: {
        transactions: {
          sort: [{ field: 'gone', sortDirection: 'ascending' }],
          filter: settings.filter,
        },
      },
    };
    expect(readListSettings(stale, 'transactions', FIELDS, defaults)).toEqual({
      sort: defaults.sort,
      filter: settings.filter,
    });
    expect(readListSettings({ lists: 'junk' }, 'transactions', FIELDS).sort).toEqual([]);
  });
});

describe('createDebouncedSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves only the last of a burst, 1000 ms after the last change', () => {
    const saved: string[] = [];
    const saver = createDebouncedSaver<string>((value) => saved.push(value));
    saver.schedule('a');
    vi.advanceTimersByTime(600);
    saver.schedule('b');
    vi.advanceTimersByTime(600);
    saver.schedule('c');
    vi.advanceTimersByTime(LIST_SETTINGS_SAVE_DELAY_MS - 1);
    expect(saved).toEqual([]);
    expect(saver.isPending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual(['c']);
    expect(saver.isPending()).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(saved).toEqual(['c']);
  });

  it('flush saves a pending value at once and only once; cancel drops it', () => {
    const saved: string[] = [];
    const saver = createDebouncedSaver<string>((value) => saved.push(value));
    saver.schedule('x');
    saver.flush();
    vi.advanceTimersByTime(5000);
    expect(saved).toEqual(['x']);
    saver.flush();
    expect(saved).toEqual(['x']);
    saver.schedule('y');
    saver.cancel();
    vi.advanceTimersByTime(5000);
    expect(saved).toEqual(['x']);
  });
});
