import { Stack, Title, VisuallyHidden } from '@mantine/core';
import type { TAsset } from '@strata/contracts/assets';
import type { ReactNode } from 'react';
import { ContactList } from '../../contacts/index.ts';
import { DocumentList } from '../../documents/index.ts';
import { AssetBasicInfo } from '../components/asset-basic-info.tsx';
import { useAssetDrawer } from '../components/asset-drawer-context.ts';
import { AssetPositionsTab as PositionsTab } from '../components/asset-positions-tab.tsx';
import { AssetSecurityMasterTab as SecurityMasterTab } from '../components/asset-security-master-tab.tsx';
import { AssetTransactionsTab as TransactionsTab } from '../components/asset-transactions-tab.tsx';
import { PricesTab } from '../components/prices/prices-tab.tsx';
import { AssetTagsTab as TagsTab } from '../components/tags/asset-tags-tab.tsx';
import { AssetValuesTab as ValuesTab } from '../components/values/asset-values-tab.tsx';

/** Every tab names itself for assistive technology; the drawer's title is the asset. */
function TabSection({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="sm">
      <VisuallyHidden>
        <Title order={2}>{title}</Title>
      </VisuallyHidden>
      {children}
    </Stack>
  );
}

/** `above`: what another feature shows over the form (the app's routes compose it, e.g. a linked account). */
export function AssetBasicInfoTab({
  above,
}: {
  above?: (asset: TAsset, repositoryId: string) => ReactNode;
} = {}) {
  const context = useAssetDrawer();
  return (
    <TabSection title="Basic info">
      {context.asset && context.repositoryId && above?.(context.asset, context.repositoryId)}
      <AssetBasicInfo context={context} />
    </TabSection>
  );
}
export function AssetTagsTab() {
  return <TagsTab />;
}
export function AssetPricesTab() {
  return <PricesTab view="chart" />;
}
export function AssetPricesTableTab() {
  return <PricesTab view="table" />;
}
export function AssetValuesTab() {
  return <ValuesTab />;
}
export function AssetPositionsTab() {
  return <PositionsTab />;
}
export function AssetTransactionsTab() {
  return <TransactionsTab />;
}
export function AssetSecurityMasterTab() {
  return <SecurityMasterTab />;
}
export function AssetContactsTab() {
  const { asset, repositoryId, canWrite } = useAssetDrawer();
  return (
    <TabSection title="Contacts">
      {asset && repositoryId && (
        <ContactList repositoryId={repositoryId} assetId={asset.id} canWrite={canWrite} />
      )}
    </TabSection>
  );
}
export function AssetDocumentsTab() {
  const { asset, repositoryId, canWrite } = useAssetDrawer();
  return (
    <TabSection title="Documents">
      {asset && repositoryId && (
        <DocumentList repositoryId={repositoryId} assetId={asset.id} canWrite={canWrite} />
      )}
    </TabSection>
  );
}
