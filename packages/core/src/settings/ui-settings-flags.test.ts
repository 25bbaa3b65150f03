import { describe, expect, it } from 'vitest';
import {
  isAnalyticsDebugTabsEnabled,
  isNavbarOpened,
  withAnalyticsDebugTabs,
  withNavbarOpened,
} from './ui-settings-flags.ts';
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

describe('the side panel flag', () => {
  it('is open until the user hides it', () => {
    expect(isNavbarOpened(undefined)).toBe(true);
    expect(isNavbarOpened({})).toBe(true);
    expect(isNavbarOpened({ common: { isNavbarOpened: false } })).toBe(false);
    expect(isNavbarOpened({ common: { isNavbarOpened: true } })).toBe(true);
  });

  it('is written under common, keeping the rest', () => {
    expect(withNavbarOpened({ settingsVersion: 20250815, common: { isNavbarPinned: true } }, false)).toEqual({
      settingsVersion: 20250815,
      common: { isNavbarPinned: true, isNavbarOpened: false },
    });
    expect(withNavbarOpened({}, true)).toEqual({ common: { isNavbarOpened: true } });
  });
});
