import type { TRepository } from '@strata/contracts/repositories';
import type { TFieldTable } from '@strata/core/filters/field-kinds';
import type { TFilter } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../notifications/notify-error.ts';
import { cachedUiSettings, saveUiSettings } from './api/save-ui-settings.ts';
import {
  createDebouncedSaver,
  LIST_SETTINGS_SAVE_DELAY_MS,
  mergeListSettings,
  readListSettings,
  type TDebouncedSaver,
  type TListSettings,
} from './list-settings.ts';

interface TPendingSave {
  id: string;
  key: string;
  value: TListSettings;
}

export interface TUseListSettingsOptions {
  /** The current repository (null while loading): settings are the user's own, per repository. */
  repository: TRepository | null;
  /** Names the list inside `ui_settings.lists`, e.g. 'transactions', 'assets', 'assets-trash'. */
  listKey: string;
  fields: TFieldTable;
  /** Used when nothing (valid) is stored, e.g. newest first. */
  defaults?: Partial<TListSettings>;
  delayMs?: number;
}

export interface TListSettingsState extends TListSettings {
  setSort: (sort: TSort) => void;
  setFilter: (filter: TFilter) => void;
}

/**
 * A list's sort and filter: read from the user's settings of the repository, changed on screen at once, and
 * saved 1000 ms after the last change (seed). A pending save is sent when the page closes.
 */
export function useListSettings(options: TUseListSettingsOptions): TListSettingsState {
  const { repository, listKey, fields, delayMs = LIST_SETTINGS_SAVE_DELAY_MS } = options;
  const queryClient = useQueryClient();
  const repositoryId = repository?.id;
  const read = () =>
    readListSettings(repository?.user_repo_settings.ui_settings, listKey, fields, options.defaults);
  const [settings, setSettings] = useState<TListSettings>(read);

  // Another repository (or the first load): start from what is stored. Not on every cache update — a save
  // answering after a newer change must not put the older settings back on screen.
  const readRef = useRef(read);
  readRef.current = read;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another list key is another stored setting.
  useEffect(() => {
    if (repositoryId) setSettings(readRef.current());
  }, [repositoryId, listKey]);

  const saverRef = useRef<TDebouncedSaver<TPendingSave>>(null);
  if (!saverRef.current) {
    saverRef.current = createDebouncedSaver<TPendingSave>(({ id, key, value }) => {
      const merged = mergeListSettings(cachedUiSettings(queryClient, id), key, value);
      saveUiSettings(queryClient, id, merged).catch(notifyError);
    }, delayMs);
  }
  useEffect(() => () => saverRef.current?.flush(), []);

  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const change = useCallback(
    (patch: Partial<TListSettings>) => {
      const next = { ...settingsRef.current, ...patch };
      settingsRef.current = next;
      setSettings(next);
      if (repositoryId) saverRef.current?.schedule({ id: repositoryId, key: listKey, value: next });
    },
    [repositoryId, listKey],
  );
  const setSort = useCallback((sort: TSort) => change({ sort }), [change]);
  const setFilter = useCallback((filter: TFilter) => change({ filter }), [change]);
  return { ...settings, setSort, setFilter };
}
