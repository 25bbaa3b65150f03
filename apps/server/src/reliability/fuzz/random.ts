/**
 * A seeded random source (mulberry32): the fuzzer draws every choice from it, so one seed replays one run's
 * requests. Written here rather than taken from fast-check because the fuzzer needs plain draws in a long
 * imperative loop, not shrinking properties.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let x = this.state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  uuid(): string {
    const hex = () => this.int(0, 15).toString(16);
    const run = (n: number) => Array.from({ length: n }, hex).join('');
    return `${run(8)}-${run(4)}-4${run(3)}-${this.pick(['8', '9', 'a', 'b'])}${run(3)}-${run(12)}`;
  }
}

/** A seed from FUZZ_SEED when set (to replay a run), else a new one. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.FUZZ_SEED?.trim();
  if (given) {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed) || seed < 0)
      throw new Error(`FUZZ_SEED must be a whole number, not '${given}'`);
    return seed >>> 0;
  }
  return Math.floor(Math.random() * 2 ** 32);
}
