// A list's sort and filter live in the user's settings of the repository, under
// `ui_settings.lists[<list key>]` (seed: sort and filter saved in ui_settings, 1000 ms debounce). The server
// merges user_repo_settings shallowly, so `ui_settings` is always sent whole, built from the latest copy.
import type { TFieldTable } from '@strata/core/filters/field-kinds';
import { EMPTY_FILTER, parseFilter, serializeFilter, type TFilter } from '@strata/core/filters/filter-model';
import { parseSort, type TSort } from '@strata/core/filters/sort-model';

export const LIST_SETTINGS_SAVE_DELAY_MS = 1000;

export interface TListSettings {
  sort: TSort;
  filter: TFilter;
}

type TUiSettings = Readonly<Record<string, unknown>> | null | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored settings of a list, or the defaults where nothing is stored or what is stored no longer parses
 * (a field renamed or removed since): a stale setting must not break the page.
 */
export function readListSettings(
  uiSettings: TUiSettings,
  listKey: string,
  fields: TFieldTable,
  defaults: Partial<TListSettings> = {},
): TListSettings {
  const lists = isRecord(uiSettings) && isRecord(uiSettings.lists) ? uiSettings.lists : {};
  const stored = isRecord(lists[listKey]) ? lists[listKey] : {};
  const sort = 'sort' in stored ? parseSort(stored.sort, fields) : null;
  const filter = 'filter' in stored ? parseFilter(stored.filter, fields) : null;
  return {
    sort: sort?.ok ? sort.value : (defaults.sort ?? []),
    filter: filter?.ok ? filter.value : (defaults.filter ?? EMPTY_FILTER),
  };
}

/** The whole `ui_settings` with one list's settings replaced, everything else kept. */
export function mergeListSettings(
  uiSettings: TUiSettings,
  listKey: string,
  settings: TListSettings,
): Record<string, unknown> {
  const base = isRecord(uiSettings) ? uiSettings : {};
  const lists = isRecord(base.lists) ? base.lists : {};
  return {
    ...base,
    lists: {
      ...lists,
      [listKey]: {
        sort: settings.sort.map((item) => ({ ...item })),
        filter: serializeFilter(settings.filter),
      },
    },
  };
}

export interface TDebouncedSaver<T> {
  /** Remembers the latest value and (re)starts the wait. */
  schedule(value: T): void;
  /** Saves a pending value now (leaving the page must not lose the last change). */
  flush(): void;
  /** Forgets a pending value. */
  cancel(): void;
  isPending(): boolean;
}

/**
 * Saves the last of a burst of changes once `delayMs` passed without another: changing the sort three
 * times in a second makes one request with the third sort.
 */
export function createDebouncedSaver<T>(
  save: (value: T) => void,
  delayMs: number = LIST_SETTINGS_SAVE_DELAY_MS,
): TDebouncedSaver<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  const fire = () => {
    timer = undefined;
    const next = pending;
    pending = undefined;
    if (next) save(next.value);
  };
  return {
    schedule(value) {
      pending = { value };
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(fire, delayMs);
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      fire();
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
    isPending: () => pending !== undefined,
  };
}
