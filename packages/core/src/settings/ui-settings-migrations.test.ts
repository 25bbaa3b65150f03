import { describe, expect, it } from 'vitest';
import {
  LATEST_UI_SETTINGS_VERSION,
  migrateUiSettings,
  type TUiSettingsMigration,
  UI_SETTINGS_MIGRATIONS,
} from './ui-settings-migrations.ts';

const [renameCommonKeys, moveAnalyticsDebugTab, moveLinkedTransactionListState] = UI_SETTINGS_MIGRATIONS as [
  TUiSettingsMigration,
  TUiSettingsMigration,
  TUiSettingsMigration,
];

describe('20250705 rename common keys', () => {
  it('renames every old key of the common section and keeps the others', () => {
    const migrated = renameCommonKeys.migrate({
      common: {
        navbarPinned: true,
        navbarOpened: false,
        treeOpened: true,
        pinned: ['assets'],
        tabsOrder: ['a', 'b'],
        theme: 'dark',
      },
      other: 1,
    });
    expect(migrated).toEqual({
      common: {
        isNavbarPinned: true,
        isNavbarOpened: false,
        isAssetTreeOpened: true,
        pinnedMenu: ['assets'],
        sortedTabs: ['a', 'b'],
        theme: 'dark',
      },
      other: 1,
    });
  });

  it('keeps a value already stored under the new name', () => {
    expect(renameCommonKeys.migrate({ common: { pinned: ['old'], pinnedMenu: ['new'] } })).toEqual({
      common: { pinnedMenu: ['new'] },
    });
  });

  it('leaves documents without a common section alone and does not mutate its input', () => {
    const input = { common: { navbarPinned: true } };
    renameCommonKeys.migrate(input);
    expect(input).toEqual({ common: { navbarPinned: true } });
    expect(renameCommonKeys.migrate({ x: 1 })).toEqual({ x: 1 });
  });
});

describe('20250706 move the analytics debug tab', () => {
  it('moves common.showAnalyticsDebugTab to analytics.isDebugTabsEnabled', () => {
    expect(
      moveAnalyticsDebugTab.migrate({
        common: { showAnalyticsDebugTab: true, theme: 'dark' },
        analytics: { freq: 'month' },
      }),
    ).toEqual({ common: { theme: 'dark' }, analytics: { freq: 'month', isDebugTabsEnabled: true } });
  });

  it('creates the analytics section when missing and changes nothing without the flag', () => {
    expect(moveAnalyticsDebugTab.migrate({ common: { showAnalyticsDebugTab: false } })).toEqual({
      common: {},
      analytics: { isDebugTabsEnabled: false },
    });
    expect(moveAnalyticsDebugTab.migrate({ common: { theme: 'x' } })).toEqual({ common: { theme: 'x' } });
  });
});

describe('20250815 move linked-transaction list state', () => {
  it('moves search, filter and sort under linkedData.transactions and drops the emptied section', () => {
    const filter = { logic: 'and', groups: [] };
    const sort = [{ field: 'date', sortDirection: 'descending' }];
    expect(
      moveLinkedTransactionListState.migrate({
        linkedTransactions: { search: 'rent', filter, sort },
        linkedData: { positions: { search: 'x' } },
      }),
    ).toEqual({ linkedData: { positions: { search: 'x' }, transactions: { search: 'rent', filter, sort } } });
  });

  it('keeps unrelated keys of the old section', () => {
    expect(
      moveLinkedTransactionListState.migrate({ linkedTransactions: { search: 's', columnWidths: [1] } }),
    ).toEqual({
      linkedTransactions: { columnWidths: [1] },
      linkedData: { transactions: { search: 's' } },
    });
  });
});

describe('migrateUiSettings', () => {
  it('applies all three in order to an unversioned document and records the version', () => {
    const migrated = migrateUiSettings({
      common: { navbarPinned: true, showAnalyticsDebugTab: true },
      linkedTransactions: { sort: [] },
    });
    expect(migrated).toEqual({
      common: { isNavbarPinned: true },
      analytics: { isDebugTabsEnabled: true },
      linkedData: { transactions: { sort: [] } },
      settingsVersion: 20250815,
    });
    expect(LATEST_UI_SETTINGS_VERSION).toBe(20250815);
  });

  it('runs only the migrations newer than the recorded version', () => {
    // At 20250705 the rename already ran, so an old-named key is left as it is.
    const migrated = migrateUiSettings({
      settingsVersion: 20250705,
      common: { navbarPinned: true, showAnalyticsDebugTab: true },
    });
    expect(migrated).toEqual({
      settingsVersion: 20250815,
      common: { navbarPinned: true },
      analytics: { isDebugTabsEnabled: true },
    });
  });

  it('is idempotent: a migrated document is returned unchanged', () => {
    const once = migrateUiSettings({ common: { tabsOrder: ['a'] }, linkedTransactions: { search: 'q' } });
    expect(migrateUiSettings(once)).toBe(once);
  });

  it('runs the migrations in the listed order', () => {
    const order: number[] = [];
    const recording = UI_SETTINGS_MIGRATIONS.map((migration) => ({
      ...migration,
      migrate: (settings: Record<string, unknown>) => {
        order.push(migration.version);
        return migration.migrate(settings);
      },
    }));
    migrateUiSettings({}, recording);
    expect(order).toEqual([20250705, 20250706, 20250815]);
    expect(UI_SETTINGS_MIGRATIONS.map((migration) => migration.version)).toEqual(
      [...order].sort((a, b) => a - b),
    );
  });

  it('depends on the order: the debug-tab move reads the section the rename produced', () => {
    // 20250706 reads `common`, which 20250705 may have rewritten; with both the result is one section.
    expect(migrateUiSettings({ common: { treeOpened: false, showAnalyticsDebugTab: true } })).toEqual({
      common: { isAssetTreeOpened: false },
      analytics: { isDebugTabsEnabled: true },
      settingsVersion: 20250815,
    });
  });
});
