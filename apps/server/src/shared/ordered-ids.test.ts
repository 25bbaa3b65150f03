import { describe, expect, it } from 'vitest';
import { orderedId, orderedIdPrefix } from './ordered-ids.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ordered ids', () => {
  it('are UUIDv7 with the time in ms first and a counter last', () => {
    // 2026-11-27T12:00:00.000Z is 1795780800000 ms = 0x01a21ce06e00.
    const prefix = orderedIdPrefix(Date.UTC(2026, 10, 27, 12));
    expect(prefix.slice(0, 14)).toBe('01a21ce0-6e00-');
    expect(orderedId(prefix, 0)).toMatch(UUID_V7);
    expect(orderedId(prefix, 0).slice(24)).toBe('000000000000');
    expect(orderedId(prefix, 255).slice(24)).toBe('0000000000ff');
    expect(orderedId(prefix, 2_602_600).slice(24)).toBe('00000027b668');
  });

  it('follow one another in the order they are made, as strings and so as uuids', () => {
    const prefix = orderedIdPrefix();
    const ids = [0, 9, 10, 15, 16, 4095, 4096, 1_000_000].map((counter) => orderedId(prefix, counter));
    expect([...ids].sort()).toEqual(ids);
  });
});
