// The assets feature's public entry: what other features may use of it.
export { ASSET_MESSAGES } from './assets.service.ts';
export { ensureCurrencyAsset } from './currency-assets.ts';
