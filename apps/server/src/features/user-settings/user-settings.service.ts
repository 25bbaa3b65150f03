import type { TUserSettings } from '@strata/contracts/user-settings';
import { ZUserSettings } from '@strata/contracts/user-settings';
import { migrateUiSettings } from '@strata/core/settings/ui-settings-migrations';
import { defaultUserSettings } from '@strata/core/settings/user-settings-defaults';
import { AppError } from '../../plugins/app-error.ts';
import type { TUserSettingsRepository } from './user-settings.repository.ts';

export interface TUserSettingsActor {
  id: string;
}

/** A user reads and writes only their own settings: the seed's /users/{uuid} is always the caller. */
function assertOwnSettings(actor: TUserSettingsActor, uuid: string): void {
  if (actor.id !== uuid) throw AppError.forbidden();
}

export function createUserSettingsService(repository: TUserSettingsRepository) {
  return {
    /**
     * The stored document over today's defaults (fields added since it was saved get their default),
     * with the UI-settings migrations applied; a migrated document is written back so they run once.
     */
    async get(actor: TUserSettingsActor, uuid: string, timeZone: string | undefined): Promise<TUserSettings> {
      assertOwnSettings(actor, uuid);
      const defaults = defaultUserSettings(timeZone);
      const stored = await repository.find(uuid);
      if (!stored) return defaults;
      const merged = { ...defaults, ...stored.settings };
      const parsed = ZUserSettings.safeParse(merged);
      // A document that no longer fits the contract (hand-edited, older bug) falls back field by field.
      const settings = parsed.success ? parsed.data : repairSettings(merged, defaults);
      const uiSettings = migrateUiSettings(settings.uiSettings);
      const result = { ...settings, uiSettings };
      if (uiSettings !== settings.uiSettings || !parsed.success) await repository.save(uuid, result);
      return result;
    },

    async save(actor: TUserSettingsActor, uuid: string, input: TUserSettings): Promise<TUserSettings> {
      assertOwnSettings(actor, uuid);
      // An old client may still post the old UI-settings shape; bring it up to date before storing.
      const settings = { ...input, uiSettings: migrateUiSettings(input.uiSettings) };
      await repository.save(uuid, settings);
      return settings;
    },
  };
}

function repairSettings(candidate: Record<string, unknown>, defaults: TUserSettings): TUserSettings {
  const repaired: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(ZUserSettings.shape) as (keyof TUserSettings)[]) {
    const field = ZUserSettings.shape[key].safeParse(candidate[key]);
    if (field.success) repaired[key] = field.data;
  }
  return repaired as TUserSettings;
}

export type TUserSettingsService = ReturnType<typeof createUserSettingsService>;
