/**
 * Saved UI settings are a free-form JSON document the web app owns (panel layout, list state, flags).
 * Its shape changed three times (seed: migrations 20250705, 20250706, 20250815, applied in order); each
 * migration below turns the previous shape into the next. The document records the last applied one in
 * `settingsVersion`, so each runs once. docs/identity.md describes every move.
 */
export type TUiSettings = Record<string, unknown>;

export const UI_SETTINGS_VERSION_KEY = 'settingsVersion';

export interface TUiSettingsMigration {
  version: number;
  description: string;
  migrate(settings: TUiSettings): TUiSettings;
}

type TRecord = Record<string, unknown>;

function isRecord(value: unknown): value is TRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Moves `from[fromKey]` to `to[toKey]` (both plain objects, copied). When the destination already holds
 * a value it wins: it was written by a newer client, the source is stale.
 */
function moveKey(from: TRecord, fromKey: string, to: TRecord, toKey: string): void {
  if (!(fromKey in from)) return;
  const value = from[fromKey];
  delete from[fromKey];
  if (!(toKey in to) && value !== undefined) to[toKey] = value;
}

function sectionOf(settings: TUiSettings, key: string): TRecord {
  const section = settings[key];
  return isRecord(section) ? { ...section } : {};
}

/** Writes `section` under `key`, or removes the key when the section ended up empty. */
function putSection(settings: TUiSettings, key: string, section: TRecord): void {
  if (Object.keys(section).length > 0) settings[key] = section;
  else delete settings[key];
}

/** Old names in the `common` section → new names (booleans get is/has prefixes). */
export const COMMON_KEY_RENAMES: Readonly<Record<string, string>> = {
  navbarPinned: 'isNavbarPinned',
  navbarOpened: 'isNavbarOpened',
  treeOpened: 'isAssetTreeOpened',
  pinned: 'pinnedMenu',
  tabsOrder: 'sortedTabs',
};

const renameCommonKeys: TUiSettingsMigration = {
  version: 20250705,
  description: 'rename common keys',
  migrate(settings) {
    if (!isRecord(settings.common)) return settings;
    const next = { ...settings };
    const common = sectionOf(next, 'common');
    for (const [oldKey, newKey] of Object.entries(COMMON_KEY_RENAMES))
      moveKey(common, oldKey, common, newKey);
    next.common = common;
    return next;
  },
};

const moveAnalyticsDebugTab: TUiSettingsMigration = {
  version: 20250706,
  description: 'move the analytics debug tab flag from common to analytics',
  migrate(settings) {
    if (!isRecord(settings.common) || !('showAnalyticsDebugTab' in settings.common)) return settings;
    const next = { ...settings };
    const common = sectionOf(next, 'common');
    const analytics = sectionOf(next, 'analytics');
    moveKey(common, 'showAnalyticsDebugTab', analytics, 'isDebugTabsEnabled');
    next.common = common;
    putSection(next, 'analytics', analytics);
    return next;
  },
};

export const LINKED_TRANSACTION_LIST_KEYS = ['search', 'filter', 'sort'] as const;

const moveLinkedTransactionListState: TUiSettingsMigration = {
  version: 20250815,
  description: 'move linked-transaction list search, filter and sort into linkedData.transactions',
  migrate(settings) {
    if (!isRecord(settings.linkedTransactions)) return settings;
    const next = { ...settings };
    const source = sectionOf(next, 'linkedTransactions');
    const linkedData = sectionOf(next, 'linkedData');
    const transactions = isRecord(linkedData.transactions) ? { ...linkedData.transactions } : {};
    for (const key of LINKED_TRANSACTION_LIST_KEYS) moveKey(source, key, transactions, key);
    putSection(linkedData, 'transactions', transactions);
    putSection(next, 'linkedData', linkedData);
    putSection(next, 'linkedTransactions', source);
    return next;
  },
};

/** In the order they must run. */
export const UI_SETTINGS_MIGRATIONS: readonly TUiSettingsMigration[] = [
  renameCommonKeys,
  moveAnalyticsDebugTab,
  moveLinkedTransactionListState,
];

export const LATEST_UI_SETTINGS_VERSION: number = UI_SETTINGS_MIGRATIONS.at(-1)?.version ?? 0;

export function uiSettingsVersionOf(settings: TUiSettings): number {
  const version = settings[UI_SETTINGS_VERSION_KEY];
  return typeof version === 'number' && Number.isInteger(version) ? version : 0;
}

/**
 * Applies, in order, every migration newer than the document's version and records the last one.
 * A document already at (or beyond, from a newer server) the latest version comes back unchanged.
 */
export function migrateUiSettings(
  settings: TUiSettings,
  migrations: readonly TUiSettingsMigration[] = UI_SETTINGS_MIGRATIONS,
): TUiSettings {
  const from = uiSettingsVersionOf(settings);
  let next = settings;
  for (const migration of migrations) {
    if (migration.version <= from) continue;
    next = { ...migration.migrate(next), [UI_SETTINGS_VERSION_KEY]: migration.version };
  }
  return next;
}
