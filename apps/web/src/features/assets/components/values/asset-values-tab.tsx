import {
  Alert,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { getAnalytics } from '@strata/contracts/analytics';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { analyticsResult } from '../../../../shared/api/analytics-result.ts';
import { callEndpoint } from '../../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../../shared/api/repository-query-keys.ts';
import { useDateDisplay } from '../../../../shared/lib/date-format.tsx';
import { useAssetPrices } from '../../api/asset-prices.ts';
import {
  assetReturnRows,
  assetValueRows,
  assetValuesQuery,
  STALE_PRICE_DAYS,
  stalePrices,
  type TValueRange,
  VALUE_RANGES,
} from '../../lib/asset-values.ts';
import { useAssetDrawer } from '../asset-drawer-context.ts';
import { AssetReturnsTable } from './asset-returns-table.tsx';
import { ValuesChart } from './values-chart.tsx';

const money = (value: number | null) =>
  value === null
    ? '—'
    : value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The Values tab (seed §2): the asset's value at each period end, with the money that moved in or out
 * and the market change between, from the analytics API's `value_view`. The request covers the whole
 * repository (the scope rows are filtered here), so it is the same cached compute other views ask for.
 */
export function AssetValuesTab() {
  const dates = useDateDisplay();
  const { asset, repositoryId, repositoryCurrency } = useAssetDrawer();
  const [range, setRange] = useState<TValueRange>('month');
  const { periods } = VALUE_RANGES[range];
  const values = useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'analytics', 'asset-values', asset?.id, range),
    queryFn: ({ signal }) =>
      callEndpoint(getAnalytics, {
        params: { id: repositoryId ?? '' },
        signal,
        query: assetValuesQuery(asset ?? { id: '', type: '' }, { freq: range, periods }),
      }),
    enabled: Boolean(repositoryId && asset),
  });
  const answer = values.data;
  const result = analyticsResult(answer);
  const rows = asset ? assetValueRows(result?.value_view, asset) : [];
  const returns = asset ? assetReturnRows(result?.irr_moic_view, asset) : [];
  const currency = result?.currency ?? repositoryCurrency;
  const newestFirst = [...rows].reverse();
  const prices = useAssetPrices(repositoryId, asset?.id);
  const stale = stalePrices(rows, prices.data, asset ?? { type: '' });
  const latestStale = newestFirst[0] ? stale.get(newestFirst[0].period) : undefined;

  return (
    <Stack gap="sm">
      <VisuallyHidden>
        <Title order={2}>Values</Title>
      </VisuallyHidden>
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          aria-label="Value periods"
          value={range}
          onChange={(value) => setRange(value as TValueRange)}
          data={Object.entries(VALUE_RANGES).map(([value, { label }]) => ({ value, label }))}
        />
        {values.isFetching && <Loader size="xs" aria-label="Loading values" />}
      </Group>
      {answer?.status === 'error' && (
        <Alert variant="light" color="red" p="xs">
          <Text size="sm">{answer.message}</Text>
        </Alert>
      )}
      {answer && answer.status !== 'error' && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          No values yet: this asset has no transactions in the period shown.
        </Text>
      )}
      {latestStale && (
        <Alert variant="light" color="yellow" p="xs" data-testid="stale-price">
          <Text size="sm">
            The latest value rests on a price of {dates.date(latestStale.date)} ({latestStale.age} days old).
            Values marked with the price date rest on a price older than {STALE_PRICE_DAYS} days.
          </Text>
        </Alert>
      )}
      {rows.length > 0 && (
        <>
          <ValuesChart rows={rows} currency={currency} />
          {returns.length > 0 && <AssetReturnsTable rows={returns} />}
          <ScrollArea>
            <Table striped aria-label="Values" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Period end</Table.Th>
                  <Table.Th ta="right">Value ({currency})</Table.Th>
                  <Table.Th ta="right">Net flows</Table.Th>
                  <Table.Th ta="right">Income</Table.Th>
                  <Table.Th ta="right">Market change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {newestFirst.map((row) => (
                  <Table.Tr key={row.period}>
                    <Table.Td>{dates.date(row.end)}</Table.Td>
                    <Table.Td ta="right">
                      {money(row.value_end)}
                      {stale.has(row.period) && (
                        <Text
                          component="span"
                          size="xs"
                          c="yellow.8"
                          ml={6}
                          title={`Rests on a price ${stale.get(row.period)?.age} days old`}
                        >
                          price of {dates.date(stale.get(row.period)?.date)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{money(row.net_flows)}</Table.Td>
                    <Table.Td ta="right">{money(row.income)}</Table.Td>
                    <Table.Td ta="right">{money(row.market_change)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </>
      )}
    </Stack>
  );
}
