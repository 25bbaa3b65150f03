import { parentPort } from 'node:worker_threads';
import type { TAnalyticsRequest, TAnalyticsResult } from '@strata/core/analytics/analytics-types';
import { createPassMemo } from '@strata/core/analytics/pass-memo';
import type { TPositionFilter } from './analytics-request.ts';
import { buildAnalyticsInput, type TAnalyticsSource } from './analytics-source.ts';

export interface TWorkerJob {
  /** The loaded repository; null when the worker is expected to hold the pass (`memoKey`): it then
   * answers `needsSource` if it does not after all (let go meanwhile). */
  source: TAnalyticsSource | null;
  request: TAnalyticsRequest;
  today: string;
  /** The repository's currency. */
  currency: string;
  positionFilter: TPositionFilter | null;
  /** The repository and its data version: the loaded source is that version's data (or newer). */
  dataKey: string;
  /** `dataKey` and the request's pass key: what a worker that answered this job holds afterwards. */
  memoKey: string;
}

/** A kept pass is let go after this long without a compute (its memory back to the heap). */
const KEEP_PASS_MS = 5 * 60_000;

export type TWorkerOutcome =
  | { ok: true; json: string; ms: number }
  | { ok: false; message: string; needsSource?: boolean };

/** Thrown when a job without a source finds no kept pass: the caller loads the repository and asks again. */
class NeedsSource extends Error {}

function keepPositions(result: TAnalyticsResult, filter: TPositionFilter): TAnalyticsResult {
  const accounts = filter.accounts ? new Set(filter.accounts) : null;
  const assets = filter.assets ? new Set(filter.assets) : null;
  return {
    ...result,
    position_view: (result.position_view ?? []).filter(
      (row) => (!accounts || accounts.has(row.account_id)) && (!assets || assets.has(row.asset_id)),
    ),
  };
}

// Runs the engine off the API's thread and answers JSON text: a string crosses threads as one copy,
// where a structured clone of a large result costs more than computing it.
// The ledger pass is kept for the next request on the same data and timeline (pass-memo.ts): a board's
// next request, the widget grouped another way, the asset drawer.
const memo = createPassMemo();
let releaseTimer: NodeJS.Timeout | undefined;

parentPort?.on('message', ({ source, request, today, currency, positionFilter, dataKey }: TWorkerJob) => {
  const started = performance.now();
  let outcome: TWorkerOutcome;
  clearTimeout(releaseTimer);
  try {
    const result = memo.compute({
      dataKey,
      request,
      today,
      currency,
      input: () => {
        if (source === null) throw new NeedsSource('the kept pass was let go');
        return buildAnalyticsInput(source);
      },
    });
    const json = JSON.stringify(positionFilter ? keepPositions(result, positionFilter) : result);
    outcome = { ok: true, json, ms: performance.now() - started };
  } catch (error) {
    memo.clear();
    outcome = {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      needsSource: error instanceof NeedsSource,
    };
  }
  releaseTimer = setTimeout(() => memo.clear(), KEEP_PASS_MS);
  releaseTimer.unref();
  parentPort?.postMessage(outcome);
});
