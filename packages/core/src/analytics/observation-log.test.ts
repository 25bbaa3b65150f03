import { describe, expect, it } from 'vitest';
import { ObservationLog } from './observation-log.ts';
import { newScopeState } from './scope-state.ts';

describe('observation log', () => {
  it('splits observations by scope, each in the order appended, past several growths', () => {
    const log = new ObservationLog();
    const states = [0, 1, 2].map((index) =>
      newScopeState({ index, kind: 'tag', id: `t${index}`, name: 'T' }, 1),
    );
    const expected: number[][] = [[], [], []];
    for (let day = 0; day < 5000; day++) {
      const scope = day % 3 === 2 ? 0 : day % 2;
      log.append(scope, day, day * 2, day, -day, day - 1);
      expected[scope]!.push(day);
    }
    log.distribute(states);
    for (const [scope, state] of states.entries()) {
      const days = expected[scope]!;
      expect([...state.obsDays]).toEqual(days);
      expect([...state.obsValues]).toEqual(days.map((d) => d * 2));
      expect([...state.obsIn]).toEqual(days.map((d) => d));
      expect([...state.obsOut]).toEqual(days.map((d) => -d));
      expect([...state.obsBefore]).toEqual(days.map((d) => d - 1));
    }
    expect(states[2]!.obsDays.length).toBe(0);
  });
});
