import { defaultDateFormat, type TDateFormat } from './date-format.ts';
import {
  LATEST_UI_SETTINGS_VERSION,
  type TUiSettings,
  UI_SETTINGS_VERSION_KEY,
} from './ui-settings-migrations.ts';

/** One user's settings document (seed §3 "User settings"); the wire contract mirrors it. */
export interface TUserSettingsDocument {
  dateFormat: TDateFormat;
  /** Id of the repository the user worked in last; null until they open one. */
  lastActiveRepository: string | null;
  /** Minutes without activity before the "Still there?" warning. */
  allowedInactivityTime: number;
  earlyAccess: boolean;
  timelineOpened: boolean;
  /** Width in pixels of the asset tree panel; null means the layout's default. */
  assetTreeWidth: number | null;
  uiSettings: TUiSettings;
  /** IANA zone of the user's calendar ("today"); the browser's until saved, null when unknown. */
  timeZone: string | null;
  /** The seed's AI-agent toggle: the assistant panel is shown. */
  isAiAgentEnabled: boolean;
}

/** Seed §4/§9: the idle warning comes after 20 minutes. */
export const DEFAULT_ALLOWED_INACTIVITY_MINUTES = 20;

export function defaultUserSettings(timeZone: string | undefined): TUserSettingsDocument {
  return {
    dateFormat: defaultDateFormat(timeZone),
    lastActiveRepository: null,
    allowedInactivityTime: DEFAULT_ALLOWED_INACTIVITY_MINUTES,
    earlyAccess: false,
    timelineOpened: true,
    assetTreeWidth: null,
    uiSettings: { [UI_SETTINGS_VERSION_KEY]: LATEST_UI_SETTINGS_VERSION },
    timeZone: timeZone ?? null,
    isAiAgentEnabled: false,
  };
}
