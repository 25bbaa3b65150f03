// Cost basis of one (account, asset) position, in the reporting currency at the historical values the
// transactions gave the units (DOMAIN.md "Value flows"). Units are exact so that a position sold in full
// is exactly zero; costs are floats (values are). Average cost by default, FIFO lots as an option. A
// change that moves units towards zero reduces the position and removes cost (by the method); a change
// away from zero adds cost. A change that crosses zero is both, in that order.
//
// Exact units, two ways: while every amount has at most 8 decimals and the holding stays below 2^53
// hundred-millionths (90 million units), units are whole numbers of 1e-8 held in a double, where
// addition is exact and allocation-free (the common case, and the engine's hot path). Anything else
// (more decimals, huge holdings, a split ratio that does not divide evenly) switches the position to
// decimal.js for good. cost-basis.test.ts checks both give the same answers.
import { Decimal } from '../money/decimal.ts';
import type { TCostMethod } from './analytics-types.ts';

const SCALE = 1e8;
const SCALE_DIGITS = 8;
const ZERO = new Decimal(0);

interface TLot {
  /** Scaled units (fast mode) … */
  scaled: number;
  /** … or exact units (decimal mode). */
  units: Decimal | null;
  cost: number;
}

export interface TCostState {
  /** Units × 1e8 while `exact` is null. */
  scaled: number;
  /** Units in decimal mode, null in fast mode. */
  exact: Decimal | null;
  /** Units as a float, kept in step, for valuation. */
  unitsFloat: number;
  cost: number;
  /** FIFO only: oldest first; all lots carry the sign of the units. */
  lots: TLot[];
}

export function emptyCostState(): TCostState {
  return { scaled: 0, exact: null, unitsFloat: 0, cost: 0, lots: [] };
}

/** The exact units held. */
export function unitsOf(state: TCostState): Decimal {
  return state.exact ?? new Decimal(state.scaled).div(SCALE);
}

export function hasUnits(state: TCostState): boolean {
  return state.exact ? !state.exact.isZero() : state.scaled !== 0;
}

const POWERS_OF_TEN = [1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 1e2, 1e1, 1];

/** `amount` × 1e8 as an exact whole number, or null when it does not fit. */
export function parseScaled(amount: string): number | null {
  // Fast path, one pass over the characters (every entry amount goes through here): a plain decimal
  // with at most 15 integer digits; anything else takes the regular expression below.
  const n = amount.length;
  let i = 0;
  let c = amount.charCodeAt(0);
  const isNegative = c === 45;
  if (isNegative || c === 43) i = 1;
  let whole = 0;
  let wholeDigits = 0;
  for (; i < n; i++) {
    c = amount.charCodeAt(i);
    if (c < 48 || c > 57) break;
    whole = whole * 10 + (c - 48);
    wholeDigits++;
  }
  let fraction = 0;
  let fractionDigits = 0;
  let isPlain = wholeDigits <= 15;
  if (i < n && amount.charCodeAt(i) === 46) {
    for (i++; i < n; i++) {
      c = amount.charCodeAt(i);
      if (c < 48 || c > 57) break;
      if (fractionDigits < SCALE_DIGITS) fraction = fraction * 10 + (c - 48);
      else if (c !== 48) return null;
      fractionDigits++;
    }
  }
  isPlain &&= i === n && wholeDigits + fractionDigits > 0;
  if (isPlain) {
    const value = whole * SCALE + fraction * POWERS_OF_TEN[Math.min(fractionDigits, SCALE_DIGITS)]!;
    if (!Number.isSafeInteger(value)) return null;
    return isNegative ? -value : value;
  }
  return parseScaledSlowly(amount);
}

function parseScaledSlowly(amount: string): number | null {
  const text = amount.trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const fraction = match[3] ?? '';
  if (fraction.length > SCALE_DIGITS) {
    if (!/^0*$/.test(fraction.slice(SCALE_DIGITS))) return null;
  }
  const digits = `${match[2]}${fraction.slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, '0')}`;
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return null;
  return match[1] === '-' ? -value : value;
}

/**
 * Apply a unit change (`amount`, a decimal string) whose value for cost purposes is `value`; returns
 * the change in cost. The caller books `costChange − value` as realized gain (a sale) or as a transfer
 * difference.
 */
export function applyUnitChange(
  state: TCostState,
  amount: string,
  value: number,
  method: TCostMethod,
  /** `parseScaled(amount)` when the caller has it (NaN for null); parsed here when absent. */
  knownScaled?: number,
): number {
  if (state.exact === null) {
    const delta =
      knownScaled === undefined ? parseScaled(amount) : Number.isNaN(knownScaled) ? null : knownScaled;
    if (delta !== null && Number.isSafeInteger(state.scaled + delta))
      return applyScaled(state, delta, value, method);
    toDecimalMode(state);
  }
  return applyDecimal(state, new Decimal(amount), value, method);
}

function applyScaled(state: TCostState, delta: number, value: number, method: TCostMethod): number {
  if (delta === 0) return 0;
  const held = state.scaled;
  let costChange = 0;
  let rest = delta;
  let restValue = value;
  if (held !== 0 && held < 0 !== delta < 0) {
    const isFullClose = Math.abs(delta) >= Math.abs(held);
    const reduced = isFullClose ? -held : delta;
    const quantity = Math.abs(reduced);
    const removed =
      method === 'fifo'
        ? removeFifoScaled(state, quantity)
        : removeAverage(state, quantity / Math.abs(held), isFullClose);
    costChange -= removed;
    rest = delta - reduced;
    restValue = rest === 0 ? 0 : value * (rest / delta);
    state.scaled = held + reduced;
    if (isFullClose) {
      state.scaled = 0;
      state.cost = 0;
      state.lots = [];
    }
  }
  if (rest !== 0) {
    state.scaled += rest;
    state.cost += restValue;
    costChange += restValue;
    if (method === 'fifo') state.lots.push({ scaled: rest, units: null, cost: restValue });
  }
  state.unitsFloat = state.scaled / SCALE;
  return costChange;
}

function applyDecimal(state: TCostState, delta: Decimal, value: number, method: TCostMethod): number {
  if (delta.isZero()) return 0;
  const held = state.exact!;
  let costChange = 0;
  let rest = delta;
  let restValue = value;
  if (!held.isZero() && held.isNegative() !== delta.isNegative()) {
    const isFullClose = delta.abs().gte(held.abs());
    const reduced = isFullClose ? held.negated() : delta;
    const quantity = reduced.abs();
    const removed =
      method === 'fifo'
        ? removeFifoDecimal(state, quantity)
        : removeAverage(state, quantity.div(held.abs()).toNumber(), isFullClose);
    costChange -= removed;
    rest = delta.minus(reduced);
    restValue = rest.isZero() ? 0 : value * rest.div(delta).toNumber();
    state.exact = held.plus(reduced);
    if (isFullClose) {
      state.exact = ZERO;
      state.cost = 0;
      state.lots = [];
    }
  }
  if (!rest.isZero()) {
    state.exact = state.exact!.plus(rest);
    state.cost += restValue;
    costChange += restValue;
    if (method === 'fifo') state.lots.push({ scaled: 0, units: rest, cost: restValue });
  }
  state.unitsFloat = state.exact!.toNumber();
  return costChange;
}

function removeAverage(state: TCostState, fraction: number, isFullClose: boolean): number {
  const removed = isFullClose ? state.cost : state.cost * fraction;
  state.cost -= removed;
  return removed;
}

function removeFifoScaled(state: TCostState, quantity: number): number {
  let left = quantity;
  let removed = 0;
  while (left !== 0 && state.lots.length > 0) {
    const lot = state.lots[0]!;
    const lotUnits = Math.abs(lot.scaled);
    if (lotUnits <= left) {
      removed += lot.cost;
      left -= lotUnits;
      state.lots.shift();
    } else {
      const part = lot.cost * (left / lotUnits);
      removed += part;
      lot.cost -= part;
      lot.scaled = lot.scaled < 0 ? lot.scaled + left : lot.scaled - left;
      left = 0;
    }
  }
  state.cost -= removed;
  return removed;
}

function removeFifoDecimal(state: TCostState, quantity: Decimal): number {
  let left = quantity;
  let removed = 0;
  while (!left.isZero() && state.lots.length > 0) {
    const lot = state.lots[0]!;
    const lotUnits = lot.units!.abs();
    if (lotUnits.lte(left)) {
      removed += lot.cost;
      left = left.minus(lotUnits);
      state.lots.shift();
    } else {
      const part = lot.cost * left.div(lotUnits).toNumber();
      removed += part;
      lot.cost -= part;
      lot.units = lot.units!.isNegative() ? lot.units!.plus(left) : lot.units!.minus(left);
      left = ZERO;
    }
  }
  state.cost -= removed;
  return removed;
}

function toDecimalMode(state: TCostState): void {
  if (state.exact !== null) return;
  state.exact = new Decimal(state.scaled).div(SCALE);
  for (const lot of state.lots) {
    lot.units = new Decimal(lot.scaled).div(SCALE);
    lot.scaled = 0;
  }
}

/** A split multiplies units (and every lot's units) by `ratio`; cost is unchanged. */
export function applySplit(state: TCostState, ratio: string): void {
  if (state.exact === null) {
    const factor = Number(ratio);
    const scaled = state.scaled * factor;
    const isExact =
      Number.isSafeInteger(scaled) &&
      new Decimal(state.scaled).times(ratio).eq(scaled) &&
      state.lots.every(
        (lot) =>
          Number.isSafeInteger(lot.scaled * factor) &&
          new Decimal(lot.scaled).times(ratio).eq(lot.scaled * factor),
      );
    if (isExact) {
      state.scaled = scaled;
      for (const lot of state.lots) lot.scaled *= factor;
      state.unitsFloat = state.scaled / SCALE;
      return;
    }
    toDecimalMode(state);
  }
  state.exact = state.exact!.times(ratio);
  state.unitsFloat = state.exact.toNumber();
  for (const lot of state.lots) lot.units = lot.units!.times(ratio);
}
