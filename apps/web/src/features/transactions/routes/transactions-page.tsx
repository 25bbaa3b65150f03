import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useAssets, useTags } from '../../assets/api/assets.ts';
import { useCurrentRepository } from '../../repositories/use-current-repository.ts';
import {
  deleteTransactions,
  restoreTransaction,
  transactionsKey,
  useTransactionPage,
  useTransactionSettings,
} from '../api/transactions.ts';
import { TransactionForm } from '../components/transaction-form.tsx';
import { entrySummary } from '../entry-options.ts';

const PAGE_SIZE = 50;

/**
 * Smart transactions of the current repository: a server-paged list (newest first) with search, the trash,
 * and the new-transaction form. First cut: the Glide grid with lazy loading, the filter builder and the
 * sort control come with the list toolkit (docs/web.md).
 */
export function Component() {
  const queryClient = useQueryClient();
  const { repository, permissions } = useCurrentRepository();
  const [pageNo, setPageNo] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [view, setView] = useState<'live' | 'trash'>('live');
  const [isFormOpen, setFormOpen] = useState(false);
  const page = useTransactionPage(repository?.id, {
    page_no: pageNo,
    page_size: PAGE_SIZE,
    search: debouncedSearch,
    show_deleted: view === 'trash',
  });
  const assets = useAssets(repository?.id);
  const tags = useTags(repository?.id);
  const settings = useTransactionSettings(repository?.id);
  const names = new Map(
    (assets.data ?? []).map((asset) => [
      asset.id,
      asset.ticker && !asset.type.includes('account') ? asset.ticker : asset.name,
    ]),
  );
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: transactionsKey(repository?.id ?? 'none') });

  if (!repository) {
    return (
      <Stack p="md">
        <Title order={1} size="h3">
          Smart Transactions
        </Title>
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      </Stack>
    );
  }
  const total = page.data?.meta.total ?? 0;
  const act = async (work: () => Promise<{ message: string } | unknown>) => {
    try {
      const answer = await work();
      if (answer && typeof answer === 'object' && 'message' in answer)
        notifications.success(String(answer.message));
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Smart Transactions
        </Title>
        <Group>
          <SegmentedControl
            size="xs"
            aria-label="Show"
            value={view}
            onChange={(value) => {
              setView(value as 'live' | 'trash');
              setPageNo(1);
            }}
            data={[
              { value: 'live', label: 'Transactions' },
              { value: 'trash', label: 'Trash' },
            ]}
          />
          {permissions?.canWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setFormOpen(true)}>
              New transaction
            </Button>
          )}
        </Group>
      </Group>
      <TextInput
        aria-label="Search transactions"
        placeholder="Search description, type, account or asset"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPageNo(1);
        }}
      />
      {page.isError && <Alert color="red">{page.error.message}</Alert>}
      <Table striped highlightOnHover aria-label="Transactions" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Entry 1</Table.Th>
            <Table.Th>Entry 2</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(page.data?.data ?? []).map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.type}</Table.Td>
              <Table.Td>{row.date}</Table.Td>
              <Table.Td>{entrySummary(row.entries[0], names)}</Table.Td>
              <Table.Td>{entrySummary(row.entries[1], names)}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td>
                {permissions?.canWrite &&
                  (view === 'live' ? (
                    <Tooltip label="Move to the trash">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${row.type} ${row.date}`}
                        onClick={() => void act(() => deleteTransactions([row.id]))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    <Tooltip label="Restore">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Restore ${row.type} ${row.date}`}
                        onClick={() => void act(() => restoreTransaction(row.id))}
                      >
                        <IconArrowBackUp size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {total.toLocaleString('en')} {view === 'trash' ? 'in the trash' : 'transactions'}
        </Text>
        <Pagination
          total={Math.max(1, Math.ceil(total / PAGE_SIZE))}
          value={pageNo}
          onChange={setPageNo}
          size="sm"
        />
      </Group>
      <Drawer
        opened={isFormOpen}
        onClose={() => setFormOpen(false)}
        position="right"
        size="xl"
        title="New transaction"
      >
        {isFormOpen && (
          <TransactionForm
            repositoryId={repository.id}
            types={settings.data ?? []}
            assets={assets.data ?? []}
            tags={tags.data ?? []}
            onCreated={() => {
              setFormOpen(false);
              setPageNo(1);
              void refresh();
            }}
          />
        )}
      </Drawer>
    </Stack>
  );
}
