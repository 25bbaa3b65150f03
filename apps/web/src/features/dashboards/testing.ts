// Fixtures other features' tests may use (never imported by shipped code).
export { sampleResult, valueRow } from './widgets/widget-fixtures.ts';
