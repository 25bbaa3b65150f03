import type { TUiSettings } from './ui-settings-migrations.ts';

/**
 * The analytics debug-tabs flag (seed §2) lives where the seed's 20250706 migration puts it:
 * `uiSettings.analytics.isDebugTabsEnabled`. Server and web read and write it only through these two
 * functions, so there is one key.
 */
export function isAnalyticsDebugTabsEnabled(uiSettings: TUiSettings | null | undefined): boolean {
  const analytics = uiSettings?.analytics;
  return (
    typeof analytics === 'object' &&
    analytics !== null &&
    (analytics as Record<string, unknown>).isDebugTabsEnabled === true
  );
}

/** A copy of `uiSettings` with the flag set; the rest of the analytics section is kept. */
export function withAnalyticsDebugTabs(uiSettings: TUiSettings, isEnabled: boolean): TUiSettings {
  const current = uiSettings.analytics;
  const analytics = typeof current === 'object' && current !== null && !Array.isArray(current) ? current : {};
  return { ...uiSettings, analytics: { ...analytics, isDebugTabsEnabled: isEnabled } };
}

function commonSection(uiSettings: TUiSettings | null | undefined): Record<string, unknown> {
  const common = uiSettings?.common;
  return typeof common === 'object' && common !== null && !Array.isArray(common)
    ? (common as Record<string, unknown>)
    : {};
}

/**
 * Whether the desktop side panel is shown: `uiSettings.common.isNavbarOpened` (the seed's `navbarOpened`,
 * renamed by the 20250705 migration). Open until the user hides it.
 */
export function isNavbarOpened(uiSettings: TUiSettings | null | undefined): boolean {
  return commonSection(uiSettings).isNavbarOpened !== false;
}

/** A copy of `uiSettings` remembering the side panel's state; the rest of `common` is kept. */
export function withNavbarOpened(uiSettings: TUiSettings, isOpened: boolean): TUiSettings {
  return { ...uiSettings, common: { ...commonSection(uiSettings), isNavbarOpened: isOpened } };
}
