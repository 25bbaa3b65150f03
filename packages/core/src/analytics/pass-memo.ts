// Booking a repository's transactions is most of a compute (docs/benchmarks.md, issue 27 profile), and a
// dashboard, its widgets grouped another way and the asset drawer ask for the same timeline on the same
// data: the pass is kept and answers every request with the same pass key until the data changes.
// `dataKey` names the data (the server: repository and data version), so a write — a new version — is
// never answered from a pass made before it. One pass is kept: at 100k transactions it holds ≈ 45 MB
// besides the price columns it reads.
import type { TAnalyticsInput, TAnalyticsRequest, TAnalyticsResult } from './analytics-types.ts';
import { analyticsOfPass, runAnalyticsPass } from './compute-analytics.ts';
import type { TPassResult } from './ledger-pass-types.ts';
import { passKeyOf } from './pass-key.ts';

export interface TMemoRequest {
  /** Names the data the input holds; equal keys must mean equal data. */
  dataKey: string;
  request: TAnalyticsRequest;
  today: string;
  /** The repository's currency (the input's `currency`). */
  currency: string;
  /** The engine's input, read only when the kept pass cannot answer (parsing it is part of the cost). */
  input: () => TAnalyticsInput;
}

export function createPassMemo() {
  let kept: { dataKey: string; passKey: string; pass: TPassResult } | null = null;
  let passes = 0;
  return {
    compute({ dataKey, request, today, currency, input }: TMemoRequest): TAnalyticsResult {
      const passKey = passKeyOf(request, today, currency);
      if (kept === null || kept.dataKey !== dataKey || kept.passKey !== passKey) {
        kept = null;
        const full = input();
        const pass = runAnalyticsPass({ ...full, request, today });
        pass.market.saveMissing();
        passes++;
        kept = { dataKey, passKey, pass };
      } else kept.pass.market.restoreMissing();
      return analyticsOfPass(kept.pass, request, currency);
    },
    /** Lets the kept pass go (its memory back to the heap). */
    clear(): void {
      kept = null;
    },
    /** Ledger passes run so far (tests: whether a request reused the kept one). */
    get passes(): number {
      return passes;
    },
  };
}

export type TPassMemo = ReturnType<typeof createPassMemo>;
