// The dashboard timeline (seed §9): periods × frequency ending on a day or 'today', include end, the
// reporting currency and the decimal precision; the presets that fill it; and how it maps to the analytics
// query and to the user's settings of the repository (PUT /api/repositories/:id/user_repo_settings).
import type { TUserRepoSettingsPatch } from '@strata/contracts/repositories';
import { FREQUENCIES, MAX_PERIODS, type TFrequency } from '@strata/core/analytics/analytics-types';
import { MAX_PRECISION } from '@strata/core/dashboards/widget-settings';

export interface TTimelineSettings {
  periods: number;
  freq: TFrequency;
  end_is_today: boolean;
  /** The last day when `end_is_today` is false. */
  end: string | null;
  /** true: the last period runs to the end day even mid-period; false: the grid stops at the last full period. */
  include_end: boolean;
  /** Reporting currency; null: the repository's. */
  currency: string | null;
  /** Decimal places of money amounts. */
  precision: number;
}

/** Seed §9: one day ending today, precision 0. */
export const DEFAULT_TIMELINE: TTimelineSettings = {
  periods: 1,
  freq: 'day',
  end_is_today: true,
  end: null,
  include_end: true,
  currency: null,
  precision: 0,
};

export const FREQUENCY_LABELS: Record<TFrequency, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

export const WINDOW_PRESETS = [7, 14, 30, 60, 90] as const;

export const QUICK_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'last-week', label: 'Last week' },
  { id: 'last-month', label: 'Last month' },
  { id: 'last-year', label: 'Last year' },
] as const;
export type TQuickPreset = (typeof QUICK_PRESETS)[number]['id'];

/** What a preset sets; currency and precision stay as they were. */
export type TTimelineWindow = Pick<
  TTimelineSettings,
  'periods' | 'freq' | 'end_is_today' | 'end' | 'include_end'
>;

const DAY_MS = 86_400_000;

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last N days ending today, one period a day. */
export function windowPreset(days: number): TTimelineWindow {
  return { periods: days, freq: 'day', end_is_today: true, end: null, include_end: true };
}

/**
 * Today; or the last full calendar week (weeks end on Sunday, as the engine's grid), month or year before
 * the current one, as one period of that frequency.
 */
export function quickPreset(preset: TQuickPreset, today: string): TTimelineWindow {
  const date = parseDay(today);
  const ending = (freq: TFrequency, end: Date): TTimelineWindow => ({
    periods: 1,
    freq,
    end_is_today: false,
    end: formatDay(end),
    include_end: true,
  });
  switch (preset) {
    case 'today':
      return { periods: 1, freq: 'day', end_is_today: true, end: null, include_end: true };
    case 'last-week': {
      // getUTCDay: Sunday 0. The current week ends on the coming Sunday (today when Sunday); last week
      // ended on the Sunday before it.
      const daysSinceSunday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
      return ending('week', new Date(date.getTime() - daysSinceSunday * DAY_MS));
    }
    case 'last-month':
      return ending('month', new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 0)));
    case 'last-year':
      return ending('year', new Date(Date.UTC(date.getUTCFullYear() - 1, 11, 31)));
  }
}

/** Seed §9: the year picker shows 16 years ending one year in the future, newest first. */
export function yearOptions(today: string): number[] {
  const last = Number(today.slice(0, 4)) + 1;
  return Array.from({ length: 16 }, (_, index) => last - index);
}

/** A picked year: its twelve months. */
export function yearPreset(year: number): TTimelineWindow {
  return { periods: 12, freq: 'month', end_is_today: false, end: `${year}-12-31`, include_end: true };
}

/** Field → message; empty when the timeline can be asked for. */
export function validateTimeline(timeline: TTimelineSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Number.isInteger(timeline.periods) || timeline.periods < 1 || timeline.periods > MAX_PERIODS) {
    errors.periods = `Between 1 and ${MAX_PERIODS} periods`;
  }
  if (!timeline.end_is_today && !(timeline.end && /^\d{4}-\d{2}-\d{2}$/.test(timeline.end))) {
    errors.end = 'Please enter a valid date';
  }
  if (!Number.isInteger(timeline.precision) || timeline.precision < 0 || timeline.precision > MAX_PRECISION) {
    errors.precision = `From 0 to ${MAX_PRECISION} decimal places`;
  }
  return errors;
}

/**
 * The timeline saved in user_repo_settings: periods, freq, end_is_today and end are the seed's fields;
 * include_end, currency and decimal_precision ride along as extra keys (the contract keeps unknown keys).
 */
export function timelineFromUserRepoSettings(
  saved: Readonly<Record<string, unknown>> | null | undefined,
): TTimelineSettings {
  const value = saved ?? {};
  const periods = value.periods;
  const precision = value.decimal_precision;
  const end = value.end;
  return {
    periods:
      typeof periods === 'number' && Number.isInteger(periods) && periods >= 1 && periods <= MAX_PERIODS
        ? periods
        : DEFAULT_TIMELINE.periods,
    freq: (FREQUENCIES as readonly unknown[]).includes(value.freq)
      ? (value.freq as TFrequency)
      : DEFAULT_TIMELINE.freq,
    end_is_today:
      typeof value.end_is_today === 'boolean' ? value.end_is_today : DEFAULT_TIMELINE.end_is_today,
    end: typeof end === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(end) ? end : null,
    include_end: typeof value.include_end === 'boolean' ? value.include_end : DEFAULT_TIMELINE.include_end,
    currency: typeof value.currency === 'string' && /^[A-Z]{3}$/.test(value.currency) ? value.currency : null,
    precision:
      typeof precision === 'number' &&
      Number.isInteger(precision) &&
      precision >= 0 &&
      precision <= MAX_PRECISION
        ? precision
        : DEFAULT_TIMELINE.precision,
  };
}

export function toUserRepoSettingsPatch(timeline: TTimelineSettings): TUserRepoSettingsPatch {
  return {
    periods: timeline.periods,
    freq: timeline.freq,
    end_is_today: timeline.end_is_today,
    end: timeline.end_is_today ? null : timeline.end,
    include_end: timeline.include_end,
    currency: timeline.currency,
    decimal_precision: timeline.precision,
  };
}

export interface TTimelineQuery {
  periods: number;
  freq: TFrequency;
  /** Absent: the server's today. */
  end?: string;
  include_end: boolean;
  currency?: string;
}

/** The query of GET /api/repositories/:id/analytics for this timeline. */
export function toAnalyticsQuery(timeline: TTimelineSettings): TTimelineQuery {
  return {
    periods: timeline.periods,
    freq: timeline.freq,
    ...(timeline.end_is_today || !timeline.end ? {} : { end: timeline.end }),
    include_end: timeline.include_end,
    ...(timeline.currency ? { currency: timeline.currency } : {}),
  };
}

const FREQUENCY_UNITS: Record<TFrequency, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

const FREQUENCY_ADVERBS: Record<TFrequency, string> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  quarter: 'quarterly',
  year: 'yearly',
};

/**
 * The folded timeline in words (issue 18): 'Last 12 months · monthly · USD', 'Today · daily · USD',
 * '12 months to 2025-12-31 · monthly · EUR'; the precision when it is not the default 0.
 */
export function timelineSummary(timeline: TTimelineSettings, repositoryCurrency: string): string {
  const unit = FREQUENCY_UNITS[timeline.freq];
  const count = `${timeline.periods} ${unit}${timeline.periods === 1 ? '' : 's'}`;
  let window: string;
  if (!timeline.end_is_today && timeline.end) window = `${count} to ${timeline.end}`;
  else if (timeline.periods === 1) window = timeline.freq === 'day' ? 'Today' : `This ${unit}`;
  else window = `Last ${count}`;
  const parts = [window, FREQUENCY_ADVERBS[timeline.freq], timeline.currency ?? repositoryCurrency];
  if (timeline.precision !== 0)
    parts.push(`${timeline.precision} decimal${timeline.precision === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

/** A timeline of one day draws one point per chart (issue 18: the board says so and offers a longer one). */
export function isOneDayTimeline(timeline: TTimelineSettings): boolean {
  return timeline.periods === 1 && timeline.freq === 'day';
}

/** What the one-day hint offers: the last 12 months, monthly, ending today. */
export const LONGER_WINDOW: TTimelineWindow = {
  periods: 12,
  freq: 'month',
  end_is_today: true,
  end: null,
  include_end: true,
};
