import type { Time } from 'lightweight-charts';

const pad = (value: number) => String(value).padStart(2, '0');

/** A chart's time (a 'YYYY-MM-DD' string, a business day, or UTC seconds) as the ISO day it stands for. */
export function isoDayOfChartTime(time: Time): string {
  if (typeof time === 'string') return time.slice(0, 10);
  if (typeof time === 'number') return new Date(time * 1000).toISOString().slice(0, 10);
  return `${time.year}-${pad(time.month)}-${pad(time.day)}`;
}
