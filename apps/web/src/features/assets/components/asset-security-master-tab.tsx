import { Button, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { assetSavedMessage, isAccountType } from '@strata/core/assets/asset-rules';
import { isHoldingAccountKind } from '@strata/core/transactions/asset-kinds';
import { useState } from 'react';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { updateAsset, useAssets } from '../api/assets.ts';
import { parentChoices } from '../lib/asset-tree.ts';
import { useAfterAssetSaved } from './asset-drawer.tsx';
import { useAssetDrawer } from './asset-drawer-context.ts';
import { MarketDataSync } from './market-data-sync.tsx';
import { SecurityMasterLink } from './security-master-link.tsx';

/**
 * Sec master (seed §2): what the server stores about the asset's security-master link and its place in
 * the account tree. The link fields are written by the security-master and linked-account connectors,
 * so they are shown read-only; the API lets a holding account change its grouping parent, edited here.
 */
export function AssetSecurityMasterTab() {
  const { asset, repositoryId, canWrite, kind } = useAssetDrawer();
  const assets = useAssets(repositoryId);
  const afterSaved = useAfterAssetSaved(kind);
  const [parent, setParent] = useState<string | null | undefined>(undefined);
  const [isSaving, setSaving] = useState(false);
  const heading = (
    <VisuallyHidden>
      <Title order={2}>Sec master</Title>
    </VisuallyHidden>
  );
  if (!asset) return heading;
  const all = assets.data ?? [];
  const nameOf = (id: string | null) => (id ? (all.find((entry) => entry.id === id)?.name ?? id) : null);
  const isHolding = isHoldingAccountKind(asset.type);
  const chosen = parent === undefined ? asset.parent_id : parent;
  const isLinked = Boolean(asset.linked_id || asset.linked_security_id || asset.linked_account_id);
  const facts: Array<[string, string | null]> = [
    ['Security master ticker', asset.security_info_ticker],
    ['Linked id', asset.linked_id],
    ['Linked security', asset.linked_security_id],
    ['Linked account', asset.linked_account_id],
    ['Quote currency', asset.currency],
    ['Currency asset', nameOf(asset.currency_asset)],
  ];

  const save = async () => {
    setSaving(true);
    try {
      const saved = await updateAsset(asset.id, { parent_id: chosen ?? null, version: asset.version });
      notifications.success(assetSavedMessage(saved.type, saved.name, 'updated'));
      setParent(undefined);
      await afterSaved(saved, false);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      {heading}
      {repositoryId && (kind === 'currencies' || !isAccountType(asset.type)) && (
        <MarketDataSync repositoryId={repositoryId} canWrite={canWrite} />
      )}
      {kind === 'assets' && !isAccountType(asset.type) && <SecurityMasterLink />}
      {!isLinked && (
        <Text size="sm" c="dimmed">
          Not linked to a security master symbol.
        </Text>
      )}
      <Table aria-label="Security master" fz="sm" withRowBorders={false}>
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%" fw={500} c="dimmed">
                {label}
              </Table.Th>
              <Table.Td>{value || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isHolding && (
        <Group align="flex-end">
          <Select
            label="Parent account"
            description="A grouping account this account sits under in the asset tree"
            placeholder="None (top level)"
            clearable
            data={parentChoices(all, asset.id).map((entry) => ({ value: entry.id, label: entry.name }))}
            value={chosen}
            onChange={setParent}
            readOnly={!canWrite}
            style={{ flex: 1 }}
            comboboxProps={{ withinPortal: false }}
          />
          {canWrite && (
            <Button onClick={() => void save()} loading={isSaving} disabled={chosen === asset.parent_id}>
              Save
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
