// The assets feature's public entry: what other features may use of it.
export { ASSET_MESSAGES, createAssetsService } from './assets.service.ts';
export { insertAssetsIn } from './assets-bulk-insert.ts';
export { ensureCurrencyAsset } from './currency-assets.ts';
