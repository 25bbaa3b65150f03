import { describe, expect, it } from 'vitest';
import { seriesOf } from './analytics-source.ts';

describe('price series from the database text', () => {
  it('reads epoch days and closes in order', () => {
    const series = seriesOf({
      asset_id: 'a',
      source: 'manual',
      days: '19000,19001,19003',
      closes: '1.5,2,2.25',
    });
    expect([...series.days]).toEqual([19000, 19001, 19003]);
    expect([...series.closes]).toEqual([1.5, 2, 2.25]);
  });

  it('sorts days that arrive out of order, keeping each close with its day', () => {
    const series = seriesOf({ asset_id: 'a', source: 'manual', days: '19003,19000,19001', closes: '3,1,2' });
    expect([...series.days]).toEqual([19000, 19001, 19003]);
    expect([...series.closes]).toEqual([1, 2, 3]);
  });
});
