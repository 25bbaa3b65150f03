import { Anchor, Group, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchLinkedTransactionPage } from '../api/linked-transactions.ts';
import { formatAmount } from '../linked-columns.ts';

export const LINKED_PREVIEW_TEXTS = {
  LOADING: 'Loading transactions...',
  EMPTY: 'No linked transactions yet',
  OPEN: 'Open linked transactions',
} as const;

/**
 * The newest linked transactions of a repository as a small table, with the count of all of them and a link
 * to the list: what the dashboard's Linked Transactions widget shows.
 */
export function LinkedTransactionsPreview({
  repositoryId,
  limit = 8,
}: {
  repositoryId: string;
  limit?: number;
}) {
  const page = useQuery({
    queryKey: ['linked-transactions-preview', repositoryId, limit],
    queryFn: ({ signal }) =>
      fetchLinkedTransactionPage(
        { repositoryId, search: '', sort: [{ field: 'date', sortDirection: 'descending' }] },
        1,
        limit,
        signal,
      ),
  });
  if (page.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {LINKED_PREVIEW_TEXTS.LOADING}
        </Text>
      </Group>
    );
  }
  if (page.isError) {
    return (
      <Text size="sm" c="red">
        {page.error.message}
      </Text>
    );
  }
  if (page.data.meta.total === 0) {
    return (
      <Text size="sm" c="dimmed">
        {LINKED_PREVIEW_TEXTS.EMPTY}
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={420} scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x' }}>
        <Table fz="sm" verticalSpacing={2} striped data-testid="linked-transactions-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Counterparty</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.data.data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
                <Table.Td>{row.counterparty ?? row.description ?? ''}</Table.Td>
                <Table.Td>{row.account_name ?? row.account_number ?? ''}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(row.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {page.data.data.length} of {page.data.meta.total.toLocaleString('en')}
        </Text>
        <Anchor component={Link} to="/linked-transactions" size="xs">
          {LINKED_PREVIEW_TEXTS.OPEN}
        </Anchor>
      </Group>
    </>
  );
}
