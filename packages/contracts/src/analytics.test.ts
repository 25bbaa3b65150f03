import type * as core from '@strata/core/analytics/analytics-types';
import { describe, expectTypeOf, it } from 'vitest';
import type * as contract from './analytics.ts';

// The answer's schema restates the engine's output type; the typecheck (tsc) fails if the two drift apart.
describe('the analytics result schema is the engine result', () => {
  it('has the same type as core TAnalyticsResult, row by row', () => {
    expectTypeOf<contract.TAnalyticsPeriod>().toEqualTypeOf<core.TPeriod>();
    expectTypeOf<contract.TAnalyticsMissing>().toEqualTypeOf<core.TMissing>();
    expectTypeOf<contract.TValueRow>().toEqualTypeOf<core.TValueRow>();
    expectTypeOf<contract.TIncomeRow>().toEqualTypeOf<core.TIncomeRow>();
    expectTypeOf<contract.TIrrMoicRow>().toEqualTypeOf<core.TIrrMoicRow>();
    expectTypeOf<contract.TPerformanceRow>().toEqualTypeOf<core.TPerformanceRow>();
    expectTypeOf<contract.TPositionRow>().toEqualTypeOf<core.TPositionRow>();
    expectTypeOf<contract.TTreeNode>().toEqualTypeOf<core.TTreeNode>();
    expectTypeOf<contract.TCommitmentRow>().toEqualTypeOf<core.TCommitmentRow>();
    expectTypeOf<contract.TAnalyticsResult>().toEqualTypeOf<core.TAnalyticsResult>();
  });
});
