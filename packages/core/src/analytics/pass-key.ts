// Apart from the engine so that the API thread can name a pass (which worker holds it) without loading
// the engine's modules.
import type { TAnalyticsRequest } from './analytics-types.ts';

/**
 * What of a request the ledger pass depends on (the rest — datasets, scope kinds, IRR choices — only picks
 * what is read from it): two requests on the same data with the same key get the same pass.
 */
export function passKeyOf(request: TAnalyticsRequest, today: string, repositoryCurrency: string): string {
  return JSON.stringify([
    request.periods,
    request.freq,
    request.end ?? today,
    request.include_end,
    request.currency ?? repositoryCurrency,
    request.scope,
    request.cost_method ?? 'average',
  ]);
}
