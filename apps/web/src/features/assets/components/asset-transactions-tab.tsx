import { Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { listTransactions } from '@strata/contracts/transactions';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { useToday } from '../../session/index.ts';
import { useAssets } from '../api/assets.ts';
import { useAssetDrawer } from './asset-drawer-context.ts';

const PAGE_SIZE = 50;
/** Seed §2: the tab shows each transaction's first two entries. */
const SHOWN_ENTRIES = 2;

/** The transactions touching the asset, newest first; the drawer's title carries 'As of' the day shown. */
export function AssetTransactionsTab() {
  const dates = useDateDisplay();
  const { asset, repositoryId, setAsOf } = useAssetDrawer();
  const today = useToday();
  const assets = useAssets(repositoryId);
  const names = new Map((assets.data ?? []).map((entry) => [entry.id, entry.ticker || entry.name]));
  const pages = useInfiniteQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'asset-transactions', asset?.id ?? 'none'),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(listTransactions, {
        signal,
        query: {
          repository_id: repositoryId,
          asset_id: asset?.id,
          page_no: pageParam,
          page_size: PAGE_SIZE,
          sort: [{ field: 'date', sortDirection: 'descending' }],
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.page_no * last.meta.page_size < last.meta.total ? last.meta.page_no + 1 : undefined,
    enabled: Boolean(repositoryId && asset),
  });
  const rows = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const total = pages.data?.pages[0]?.meta.total;

  useEffect(() => {
    setAsOf(today);
    return () => setAsOf(null);
  }, [setAsOf, today]);

  return (
    <Stack gap="sm">
      <VisuallyHidden>
        <Title order={2}>Transactions</Title>
      </VisuallyHidden>
      <Table striped aria-label="Asset transactions" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Entries</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((transaction) => (
            <Table.Tr key={transaction.id}>
              <Table.Td>
                <Anchor component={Link} to={`/transactions/${transaction.id}`} size="sm">
                  {dates.date(transaction.date)}
                </Anchor>
              </Table.Td>
              <Table.Td>{transaction.type}</Table.Td>
              <Table.Td>
                {transaction.entries.slice(0, SHOWN_ENTRIES).map((entry) => (
                  <Text key={`${entry.account_id}:${entry.asset_id}:${entry.amount}`} size="sm">
                    {entry.amount} {names.get(entry.asset_id) ?? ''} @ {names.get(entry.account_id) ?? ''}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>{transaction.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {total === undefined ? '' : `${rows.length} of ${total} transactions`}
        </Text>
        {pages.hasNextPage && (
          <Button
            size="xs"
            variant="default"
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </Group>
    </Stack>
  );
}
