import { describe, expect, it } from 'vitest';
import { cronProblem, nextOccurrence, previousOccurrence } from './cron-times.ts';

describe('cron occurrences (UTC)', () => {
  // Friday 27 November 2026.
  const friday = new Date('2026-11-27T23:10:00Z');

  it('finds the weekday evening run before and after a moment', () => {
    expect(previousOccurrence('30 22 * * 1-5', friday).toISOString()).toBe('2026-11-27T22:30:00.000Z');
    // Saturday and Sunday have none: Monday is next.
    expect(nextOccurrence('30 22 * * 1-5', friday).toISOString()).toBe('2026-11-30T22:30:00.000Z');
  });

  it('counts an occurrence at the very moment as the previous one', () => {
    const at = new Date('2026-11-27T22:30:00Z');
    expect(previousOccurrence('30 22 * * 1-5', at).toISOString()).toBe('2026-11-27T22:30:00.000Z');
    expect(nextOccurrence('30 22 * * 1-5', at).toISOString()).toBe('2026-11-30T22:30:00.000Z');
  });

  it('reads six fields with seconds first', () => {
    expect(nextOccurrence('15 * * * * *', friday).toISOString()).toBe('2026-11-27T23:10:15.000Z');
  });

  it('names what is wrong with an expression it cannot read', () => {
    expect(cronProblem('30 22 * * 1-5')).toBeNull();
    expect(cronProblem('every evening')).not.toBeNull();
    expect(cronProblem('61 22 * * *')).not.toBeNull();
  });
});
