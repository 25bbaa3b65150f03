import { describe, expect, it } from 'vitest';
import { defaultDateFormat, isAmericasTimeZone } from './date-format.ts';
import { defaultUserSettings } from './user-settings-defaults.ts';

describe('defaultDateFormat', () => {
  it('is month first in the Americas', () => {
    for (const zone of [
      'America/New_York',
      'America/Sao_Paulo',
      'America/Argentina/Buenos_Aires',
      'US/Pacific',
      'Pacific/Honolulu',
    ]) {
      expect(defaultDateFormat(zone)).toBe('MM/DD/YYYY');
    }
  });

  it('is day first elsewhere', () => {
    for (const zone of ['Europe/Berlin', 'Asia/Tokyo', 'Australia/Sydney', 'UTC', 'Pacific/Auckland']) {
      expect(defaultDateFormat(zone)).toBe('DD/MM/YYYY');
    }
    expect(isAmericasTimeZone('Europe/London')).toBe(false);
  });

  it('is ISO without a time zone', () => {
    expect(defaultDateFormat(undefined)).toBe('YYYY-MM-DD');
  });
});

describe('defaultUserSettings', () => {
  it('holds the seed defaults', () => {
    expect(defaultUserSettings('Europe/Paris')).toEqual({
      dateFormat: 'DD/MM/YYYY',
      lastActiveRepository: null,
      allowedInactivityTime: 20,
      earlyAccess: false,
      timelineOpened: true,
      assetTreeWidth: null,
      uiSettings: { settingsVersion: 20250815 },
      timeZone: 'Europe/Paris',
      isAiAgentEnabled: false,
    });
  });
});
