// The market-data feature's public entry: what other features and the app may use of it.
export { marketDataRoutes } from './market-data.routes.ts';
export { syncMarketData, type TSyncResult } from './market-data-sync.ts';
export { createMarketDataProviders, type TMarketDataProviders } from './providers/provider-registry.ts';
