import { Alert, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { getAnalytics } from '@strata/contracts/analytics';
import { assetFamily } from '@strata/core/assets/asset-rules';
import { useQuery } from '@tanstack/react-query';
import { analyticsResult } from '../../../shared/api/analytics-result.ts';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { useAssets } from '../api/assets.ts';
import { staleByAsset } from '../lib/asset-values.ts';
import { useAssetDrawer } from './asset-drawer-context.ts';

const money = (value: number | null) =>
  value === null
    ? '—'
    : value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Today's positions in the asset (per holding account), or an account's positions (per asset): the
 * analytics API's position fetch (`data=position`), valued in the repository currency.
 */
export function AssetPositionsTab() {
  const dates = useDateDisplay();
  const { asset, repositoryId, repositoryCurrency } = useAssetDrawer();
  const assets = useAssets(repositoryId);
  const names = new Map((assets.data ?? []).map((entry) => [entry.id, entry.name]));
  const isAccount = asset ? assetFamily(asset.type) === 'account' : false;
  const positions = useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'asset-positions', asset?.id ?? 'none'),
    queryFn: ({ signal }) =>
      callEndpoint(getAnalytics, {
        params: { id: repositoryId ?? '' },
        signal,
        query: { data: 'position', ...(isAccount ? { accounts: [asset?.id] } : { assets: [asset?.id] }) },
      }),
    enabled: Boolean(repositoryId && asset),
  });
  const result = analyticsResult(positions.data);
  const rows = (result?.position_view ?? []).filter((row) => row.amount !== '0');
  const stale = staleByAsset(result?.stale_prices);

  return (
    <Stack gap="sm">
      <VisuallyHidden>
        <Title order={2}>Positions</Title>
      </VisuallyHidden>
      {positions.data && positions.data.status !== 'done' && (
        <Alert variant="light" color={positions.data.status === 'error' ? 'red' : 'gray'} p="xs">
          <Text size="sm">{positions.data.message}</Text>
        </Alert>
      )}
      {positions.data?.status === 'done' && (
        <Table striped aria-label="Positions" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{isAccount ? 'Asset' : 'Account'}</Table.Th>
              <Table.Th ta="right">Units</Table.Th>
              <Table.Th ta="right">Value ({repositoryCurrency})</Table.Th>
              <Table.Th ta="right">Cost basis</Table.Th>
              <Table.Th ta="right">Gain</Table.Th>
              <Table.Th>As of</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.account_id}:${row.asset_id}`}>
                <Table.Td>{names.get(isAccount ? row.asset_id : row.account_id) ?? ''}</Table.Td>
                <Table.Td ta="right">{row.amount}</Table.Td>
                <Table.Td ta="right">
                  {money(row.position_close)}
                  {stale.has(row.asset_id) && (
                    <Text
                      component="span"
                      size="xs"
                      c="yellow.8"
                      ml={6}
                      title={`Rests on a price ${stale.get(row.asset_id)?.age} days old`}
                    >
                      price of {stale.get(row.asset_id)?.date}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(row.cost_basis)}</Table.Td>
                <Table.Td ta="right">{money(row.position_gain)}</Table.Td>
                <Table.Td>{dates.date(row.date)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {positions.data?.status === 'done' && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          No open positions.
        </Text>
      )}
    </Stack>
  );
}
