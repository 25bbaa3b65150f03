import type { getAnalytics } from '@strata/contracts/analytics';
import type { TAnalyticsResult } from '@strata/core/analytics/analytics-types';
import type { TEndpointResponse } from './call-endpoint.ts';

/** `GET /repositories/:id/analytics`'s answer, as its contract types it. */
export type TAnalyticsAnswer = TEndpointResponse<typeof getAnalytics>;

type TContractResult = NonNullable<TAnalyticsAnswer['result']>;

/**
 * The engine's result as the contract types it. While the contract types `result` as an open record, it is
 * read as core's `TAnalyticsResult` (what the engine returns); once the contract names the result's shape,
 * this is the contract's own type and the read below is no cast at all.
 */
export type TAnswerResult =
  Record<string, unknown> extends TContractResult ? TAnalyticsResult : TContractResult;

/** The result of an analytics answer (null when absent: 'empty', 'error', or not yet answered). */
export function analyticsResult(answer: TAnalyticsAnswer | null | undefined): TAnswerResult | null {
  return (answer?.result ?? null) as TAnswerResult | null;
}
