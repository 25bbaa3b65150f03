import { parentPort } from 'node:worker_threads';
import type { TAnalyticsResult } from '@strata/core/analytics/analytics-types';
import { computeAnalytics } from '@strata/core/analytics/compute-analytics';
import type { TPositionFilter } from './analytics-request.ts';
import { buildAnalyticsInput, type TAnalyticsSource } from './analytics-source.ts';

export interface TWorkerJob {
  source: TAnalyticsSource;
  positionFilter: TPositionFilter | null;
}

export type TWorkerOutcome = { ok: true; json: string; ms: number } | { ok: false; message: string };

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
parentPort?.on('message', ({ source, positionFilter }: TWorkerJob) => {
  const started = performance.now();
  let outcome: TWorkerOutcome;
  try {
    const result = computeAnalytics(buildAnalyticsInput(source));
    const json = JSON.stringify(positionFilter ? keepPositions(result, positionFilter) : result);
    outcome = { ok: true, json, ms: performance.now() - started };
  } catch (error) {
    outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(outcome);
});
