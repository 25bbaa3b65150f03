// The public entry of this feature: what other features may use. Everything else is its own business.
export {
  browserTimeZone,
  USER_SETTINGS_QUERY_KEY,
  userSettingsQueryOptions,
  useUserSettings,
} from './api/get-user-settings.ts';
export { saveUserSettings } from './api/save-user-settings.ts';
export { useToday, useUserDateSettings, webToday } from './api/use-today.ts';
