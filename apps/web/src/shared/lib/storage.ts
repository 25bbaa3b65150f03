/** The one browser-stored value that survives sign-out (seed §4). */
export const COLOR_SCHEME_STORAGE_KEY = 'strata-color-scheme';

/** Sign-out clears local and session storage except the colour scheme. */
export function clearStorageExceptColorScheme(local: Storage, session: Storage): void {
  const colorScheme = local.getItem(COLOR_SCHEME_STORAGE_KEY);
  local.clear();
  session.clear();
  if (colorScheme !== null) local.setItem(COLOR_SCHEME_STORAGE_KEY, colorScheme);
}
