// The analytics feature's public entry: what other features may use of it.
export { clearAnalyticsResults } from './analytics-results.repository.ts';
