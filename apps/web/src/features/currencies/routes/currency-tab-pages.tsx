// A currency's tabs are the asset drawer's own, read from the drawer context.
export {
  AssetBasicInfoTab as CurrencyBasicInfoTab,
  AssetPricesTab as CurrencyPricesTab,
  AssetPricesTableTab as CurrencyPricesTableTab,
  AssetSecurityMasterTab as CurrencySecurityMasterTab,
  AssetTagsTab as CurrencyTagsTab,
} from '../../assets/index.ts';
