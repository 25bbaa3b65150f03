// The assets feature's public entry: what other features may use of it.
export { ASSET_MESSAGES, createAssetsService } from './assets.service.ts';
export { ensureCurrencyAsset } from './currency-assets.ts';
