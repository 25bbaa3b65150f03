import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMELINE,
  isOneDayTimeline,
  LONGER_WINDOW,
  quickPreset,
  timelineFromUserRepoSettings,
  timelineSummary,
  toAnalyticsQuery,
  toUserRepoSettingsPatch,
  validateTimeline,
  windowPreset,
  yearOptions,
  yearPreset,
} from './timeline-rules.ts';

describe('timeline presets', () => {
  it('defaults to one day ending today with precision 0', () => {
    expect(DEFAULT_TIMELINE).toMatchObject({ periods: 1, freq: 'day', end_is_today: true, precision: 0 });
  });

  it('turns a date window into that many days ending today', () => {
    expect(windowPreset(30)).toEqual({
      periods: 30,
      freq: 'day',
      end_is_today: true,
      end: null,
      include_end: true,
    });
  });

  it('makes today one day ending today', () => {
    expect(quickPreset('today', '2026-11-22')).toMatchObject({ periods: 1, freq: 'day', end_is_today: true });
  });

  it('makes last week the full week ending on the Sunday before this week', () => {
    // 2026-11-18 is a Wednesday; the week before ended on Sunday 2026-11-15.
    expect(quickPreset('last-week', '2026-11-18')).toEqual({
      periods: 1,
      freq: 'week',
      end_is_today: false,
      end: '2026-11-15',
      include_end: true,
    });
    // On a Sunday the current week ends today: last week ended seven days ago.
    expect(quickPreset('last-week', '2026-11-22').end).toBe('2026-11-15');
    expect(quickPreset('last-week', '2026-11-23').end).toBe('2026-11-22');
  });

  it('makes last month and last year the previous calendar month and year', () => {
    expect(quickPreset('last-month', '2024-03-15')).toMatchObject({
      freq: 'month',
      periods: 1,
      end: '2024-02-29',
    });
    expect(quickPreset('last-month', '2026-01-05').end).toBe('2025-12-31');
    expect(quickPreset('last-year', '2026-11-22')).toMatchObject({
      freq: 'year',
      periods: 1,
      end: '2025-12-31',
    });
  });

  it('lists 16 years ending one year ahead, and a year is its twelve months', () => {
    const years = yearOptions('2026-11-22');
    expect(years).toHaveLength(16);
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(2012);
    expect(yearPreset(2024)).toEqual({
      periods: 12,
      freq: 'month',
      end_is_today: false,
      end: '2024-12-31',
      include_end: true,
    });
  });
});

describe('timeline requests and settings', () => {
  const timeline = { ...DEFAULT_TIMELINE, periods: 12, freq: 'month' as const };

  it('asks the analytics API without an end when the end is today', () => {
    expect(toAnalyticsQuery(timeline)).toEqual({ periods: 12, freq: 'month', include_end: true });
  });

  it('sends the end day and currency when set', () => {
    expect(
      toAnalyticsQuery({
        ...timeline,
        end_is_today: false,
        end: '2025-06-30',
        include_end: false,
        currency: 'EUR',
      }),
    ).toEqual({ periods: 12, freq: 'month', end: '2025-06-30', include_end: false, currency: 'EUR' });
  });

  it('saves into user_repo_settings and reads back the same timeline', () => {
    const chosen = { ...timeline, end_is_today: false, end: '2025-06-30', currency: 'EUR', precision: 2 };
    const patch = toUserRepoSettingsPatch(chosen);
    expect(patch).toEqual({
      periods: 12,
      freq: 'month',
      end_is_today: false,
      end: '2025-06-30',
      include_end: true,
      currency: 'EUR',
      decimal_precision: 2,
    });
    expect(timelineFromUserRepoSettings({ ...patch, access_type: 3, ui_settings: null })).toEqual(chosen);
  });

  it('drops a stale end when the end is today', () => {
    expect(toUserRepoSettingsPatch({ ...timeline, end: '2020-01-01' }).end).toBeNull();
  });

  it('falls back to the defaults for missing or bad saved values', () => {
    expect(timelineFromUserRepoSettings(undefined)).toEqual(DEFAULT_TIMELINE);
    expect(
      timelineFromUserRepoSettings({
        periods: 0,
        freq: 'hour',
        end: 'soon',
        currency: 'euro',
        decimal_precision: 12,
      }),
    ).toEqual(DEFAULT_TIMELINE);
  });

  it('checks periods, the end day and the precision', () => {
    expect(validateTimeline(DEFAULT_TIMELINE)).toEqual({});
    expect(
      validateTimeline({ ...DEFAULT_TIMELINE, periods: 5001, end_is_today: false, end: null, precision: 9 }),
    ).toEqual({
      periods: 'Between 1 and 5000 periods',
      end: 'Please enter a valid date',
      precision: 'From 0 to 8 decimal places',
    });
  });
});

describe('the folded timeline', () => {
  const base = { ...DEFAULT_TIMELINE };
  it('says the window, the frequency and the currency in words', () => {
    expect(timelineSummary(base, 'USD')).toBe('Today · daily · USD');
    expect(timelineSummary({ ...base, periods: 12, freq: 'month' }, 'USD')).toBe(
      'Last 12 months · monthly · USD',
    );
    expect(timelineSummary({ ...base, periods: 1, freq: 'quarter', currency: 'EUR' }, 'USD')).toBe(
      'This quarter · quarterly · EUR',
    );
    expect(
      timelineSummary({ ...base, periods: 12, freq: 'month', end_is_today: false, end: '2025-12-31' }, 'USD'),
    ).toBe('12 months to 2025-12-31 · monthly · USD');
    expect(timelineSummary({ ...base, periods: 1, end_is_today: false, end: '2025-06-30' }, 'CHF')).toBe(
      '1 day to 2025-06-30 · daily · CHF',
    );
    expect(timelineSummary({ ...base, periods: 30, precision: 2 }, 'USD')).toBe(
      'Last 30 days · daily · USD · 2 decimals',
    );
  });

  it('knows a one-day view, and offers the last 12 months', () => {
    expect(isOneDayTimeline(base)).toBe(true);
    expect(isOneDayTimeline({ ...base, end_is_today: false, end: '2025-06-30' })).toBe(true);
    expect(isOneDayTimeline({ ...base, periods: 7 })).toBe(false);
    expect(isOneDayTimeline({ ...base, freq: 'month' })).toBe(false);
    expect(LONGER_WINDOW).toEqual({
      periods: 12,
      freq: 'month',
      end_is_today: true,
      end: null,
      include_end: true,
    });
  });
});
