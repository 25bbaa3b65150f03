// The public entry of this feature: what other features may use. Everything else is its own business.
export { useAssets } from './api/assets.ts';
export { createTag, deleteTag, tagsKey, updateTag, useTags } from './api/tags.ts';
export { AssetBasicInfo } from './components/asset-basic-info.tsx';
export { AssetDrawer } from './components/asset-drawer.tsx';
export { AssetListPage } from './components/asset-list-page.tsx';
export type { TAssetListKind } from './lib/asset-lists.ts';
export { CURRENCY_TABS } from './lib/asset-tabs.ts';
export {
  AssetBasicInfoTab,
  AssetPricesTab,
  AssetPricesTableTab,
  AssetSecurityMasterTab,
  AssetTagsTab,
} from './routes/asset-tab-pages.tsx';
