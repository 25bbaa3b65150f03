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
