import { toEpochDay } from '../../dates/epoch-day.ts';
import type { CashFlow } from './cash-flow.ts';

/**
 * Each flow discounted to the earliest date at `rate` with XIRR's convention, amountᵢ/(1+rate)^(daysᵢ/365).
 * Plain floating point: overflows to ±Infinity for rates very near −100% over long spans.
 */
export function discountedFlows(flows: readonly CashFlow[], rate: number): number[] {
  if (flows.length === 0) return [];
  const days = flows.map((flow) => toEpochDay(flow.date));
  const first = Math.min(...days);
  return flows.map((flow, i) => flow.amount / (1 + rate) ** ((days[i]! - first) / 365));
}

/** Net present value at the earliest date (Excel's XNPV with the flows' earliest date as d₀). */
export function xnpv(flows: readonly CashFlow[], rate: number): number {
  return discountedFlows(flows, rate).reduce((sum, value) => sum + value, 0);
}
