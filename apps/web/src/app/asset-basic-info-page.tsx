import { AssetBasicInfoTab } from '../features/assets/index.ts';
import { AccountLinkedStatus } from '../features/connectors/index.ts';

/**
 * An asset's Basic info tab with, for an account a connector feeds, its linked account over the form: composed
 * here, where both features may be imported, so neither imports the other.
 */
export function Component() {
  return (
    <AssetBasicInfoTab
      above={(asset, repositoryId) => <AccountLinkedStatus asset={asset} repositoryId={repositoryId} />}
    />
  );
}
