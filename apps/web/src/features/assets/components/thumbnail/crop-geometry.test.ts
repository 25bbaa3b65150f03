import { describe, expect, it } from 'vitest';
import { cropRect, MAX_OUTPUT_WIDTH, outputSize } from './crop-geometry.ts';

describe('cropRect', () => {
  it('takes the full height of a wide image at 16:9, centred', () => {
    const rect = cropRect({ width: 4000, height: 1000 }, 16 / 9, 1, { x: 0.5, y: 0.5 });
    expect(rect.height).toBe(1000);
    expect(rect.width).toBeCloseTo(1777.78, 1);
    expect(rect.x).toBeCloseTo((4000 - rect.width) / 2, 5);
    expect(rect.y).toBe(0);
  });

  it('takes the full width of a tall image and follows the position', () => {
    const rect = cropRect({ width: 900, height: 1600 }, 16 / 9, 1, { x: 0.5, y: 1 });
    expect(rect.width).toBe(900);
    expect(rect.height).toBeCloseTo(506.25, 5);
    expect(rect.y).toBeCloseTo(1600 - 506.25, 5);
  });

  it('zooms in, and keeps zoom and position in range', () => {
    const rect = cropRect({ width: 1600, height: 900 }, 16 / 9, 2, { x: -3, y: 7 });
    expect(rect).toEqual({ x: 0, y: 450, width: 800, height: 450 });
    expect(cropRect({ width: 1600, height: 900 }, 16 / 9, 0.2, { x: 0, y: 0 }).width).toBe(1600);
  });
});

describe('outputSize', () => {
  it('keeps small crops and caps wide ones, keeping the ratio', () => {
    expect(outputSize({ x: 0, y: 0, width: 800, height: 100 })).toEqual({ width: 800, height: 100 });
    expect(outputSize({ x: 0, y: 0, width: 3200, height: 1800 })).toEqual({
      width: MAX_OUTPUT_WIDTH,
      height: 900,
    });
  });
});
