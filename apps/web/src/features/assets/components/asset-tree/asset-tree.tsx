import { Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { getAnalytics } from '@strata/contracts/analytics';
import type { TAsset } from '@strata/contracts/assets';
import { IconFolder, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { analyticsResult } from '../../../../shared/api/analytics-result.ts';
import { callEndpoint } from '../../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../../shared/api/repository-query-keys.ts';
import { useCurrentRepository } from '../../../repositories/index.ts';
import { useAssets } from '../../api/assets.ts';
import { ASSET_LISTS, listKindOfType } from '../../lib/asset-lists.ts';
import { accountTree, type TAssetTreeNode } from '../../lib/asset-tree.ts';
import { TreeWidthHandle } from './tree-width-handle.tsx';

type THolding = NonNullable<NonNullable<ReturnType<typeof analyticsResult>>['position_view']>[number];

const INDENT = 16;

/**
 * The asset tree (the `/` shortcut, the header's Asset tree button): holding accounts under their grouping
 * accounts (parent_id from `GET /api/assets`), each with the assets it holds today (the analytics
 * position fetch). A click opens that asset's drawer and closes the tree, whose panel would cover it.
 */
export function AssetTree({ onOpened }: { onOpened: () => void }) {
  const { repository, userId } = useCurrentRepository();
  const repositoryId = repository?.id;
  const assets = useAssets(repositoryId);
  const navigate = useNavigate();
  const positions = useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'asset-tree-positions'),
    queryFn: ({ signal }) =>
      callEndpoint(getAnalytics, { params: { id: repositoryId ?? '' }, signal, query: { data: 'position' } }),
    enabled: Boolean(repositoryId),
  });
  const all = assets.data ?? [];
  const byId = new Map(all.map((asset) => [asset.id, asset]));
  const holdings = new Map<string, THolding[]>();
  for (const row of analyticsResult(positions.data)?.position_view ?? []) {
    if (row.amount === '0' || !byId.has(row.asset_id)) continue;
    holdings.set(row.account_id, [...(holdings.get(row.account_id) ?? []), row]);
  }
  const roots = accountTree(all);

  const open = (asset: TAsset) => {
    void navigate(`${ASSET_LISTS[listKindOfType(asset.type)].basePath}/${asset.id}`);
    onOpened();
  };

  const renderNode = (node: TAssetTreeNode<TAsset>, depth: number) => {
    const held = (holdings.get(node.asset.id) ?? [])
      .map((row) => ({ row, asset: byId.get(row.asset_id) as TAsset }))
      .sort((a, b) => a.asset.name.localeCompare(b.asset.name));
    const hasChildren = node.children.length > 0 || held.length > 0;
    return (
      <li key={node.asset.id}>
        <UnstyledButton
          onClick={() => open(node.asset)}
          pl={depth * INDENT}
          py={4}
          w="100%"
          aria-label={node.asset.name}
        >
          <Group gap={6} wrap="nowrap">
            {node.asset.type === 'grouping account' ? <IconFolder size={16} /> : <IconWallet size={16} />}
            <Text size="sm" fw={500} truncate>
              {node.asset.name}
            </Text>
          </Group>
        </UnstyledButton>
        {hasChildren && (
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {node.children.map((child) => renderNode(child, depth + 1))}
            {held.map(({ row, asset }) => (
              <li key={`${row.account_id}:${row.asset_id}`}>
                <UnstyledButton
                  onClick={() => open(asset)}
                  pl={(depth + 1) * INDENT + 22}
                  py={2}
                  w="100%"
                  aria-label={`${asset.name} in ${node.asset.name}`}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate>
                      {asset.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {row.amount}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Box>
        )}
      </li>
    );
  };

  return (
    <Stack gap="xs">
      <TreeWidthHandle userId={userId} />
      {(assets.isLoading || positions.isLoading) && <Loader size="sm" aria-label="Loading asset tree" />}
      {assets.data && roots.length === 0 && (
        <Text size="sm" c="dimmed">
          No accounts yet. Add one on the Assets page.
        </Text>
      )}
      {roots.length > 0 && (
        <Box component="nav" aria-label="Accounts and holdings">
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {roots.map((node) => renderNode(node, 0))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
