import { describe, expect, it } from 'vitest';
import { isAnalyticsDebugTabsEnabled, withAnalyticsDebugTabs } from './ui-settings-flags.ts';
import { migrateUiSettings } from './ui-settings-migrations.ts';

describe('the analytics debug-tabs flag', () => {
  it('is read where the 20250706 migration writes it', () => {
    const migrated = migrateUiSettings({ common: { showAnalyticsDebugTab: true } });
    expect(isAnalyticsDebugTabsEnabled(migrated)).toBe(true);
  });

  it('is off without the analytics section, with a non-true value, or under any other key', () => {
    expect(isAnalyticsDebugTabsEnabled(undefined)).toBe(false);
    expect(isAnalyticsDebugTabsEnabled({})).toBe(false);
    expect(isAnalyticsDebugTabsEnabled({ analytics: { isDebugTabsEnabled: 'true' } })).toBe(false);
    expect(isAnalyticsDebugTabsEnabled({ analyticsDebugTabs: true })).toBe(false);
    expect(isAnalyticsDebugTabsEnabled({ analytics: null })).toBe(false);
  });

  it('is written into the analytics section, keeping the section and the document', () => {
    const input = { analytics: { freq: 'month' }, common: { theme: 'dark' } };
    const on = withAnalyticsDebugTabs(input, true);
    expect(on).toEqual({ analytics: { freq: 'month', isDebugTabsEnabled: true }, common: { theme: 'dark' } });
    expect(input).toEqual({ analytics: { freq: 'month' }, common: { theme: 'dark' } });
    expect(withAnalyticsDebugTabs(on, false)).toEqual({
      analytics: { freq: 'month', isDebugTabsEnabled: false },
      common: { theme: 'dark' },
    });
    expect(withAnalyticsDebugTabs({ analytics: [1] }, true)).toEqual({
      analytics: { isDebugTabsEnabled: true },
    });
  });
});
