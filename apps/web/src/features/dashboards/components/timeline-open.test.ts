import { describe, expect, it } from 'vitest';
import { isTimelineOpenFor } from './dashboard-board.tsx';

describe('the timeline panel', () => {
  it('follows the timelineOpened setting on wide screens, is folded on a phone, and a click wins', () => {
    expect(isTimelineOpenFor({ choice: null, isPhone: false, timelineOpened: undefined })).toBe(true);
    expect(isTimelineOpenFor({ choice: null, isPhone: false, timelineOpened: true })).toBe(true);
    expect(isTimelineOpenFor({ choice: null, isPhone: false, timelineOpened: false })).toBe(false);
    expect(isTimelineOpenFor({ choice: null, isPhone: true, timelineOpened: true })).toBe(false);
    expect(isTimelineOpenFor({ choice: true, isPhone: true, timelineOpened: false })).toBe(true);
    expect(isTimelineOpenFor({ choice: false, isPhone: false, timelineOpened: true })).toBe(false);
  });
});
