import { parentPort } from 'node:worker_threads';
import type { TAnalyticsInput } from '@strata/core/analytics/analytics-types';
import { computeAnalytics } from '@strata/core/analytics/compute-analytics';

// Runs the engine off the API's thread: one message in (the input), one out (the result or the error).
parentPort?.on('message', (input: TAnalyticsInput) => {
  const started = performance.now();
  try {
    const result = computeAnalytics(input);
    parentPort?.postMessage({ ok: true, result, ms: performance.now() - started });
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
