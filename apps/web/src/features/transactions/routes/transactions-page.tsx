import { Anchor, Badge, Button, Group, Popover, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { TTransaction } from '@strata/contracts/transactions';
import { EMPTY_FILTER } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import { isNumericString } from '@strata/core/money/decimal';
import { TRANSACTION_FILTER_FIELDS } from '@strata/core/transactions/transaction-filter-fields';
import { formatPercent } from '@strata/core/validation/field-rules';
import {
  IconArrowsSort,
  IconDownload,
  IconFilter,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { filterOptionsLoader } from '../../../shared/data-list/api/filter-options.ts';
import { LazyGrid, type TLazyGridColumn } from '../../../shared/data-list/lazy-grid.tsx';
import { LazyFilterBuilder, LazySortControl } from '../../../shared/data-list/lazy-list-controls.tsx';
import { SearchInput } from '../../../shared/data-list/search-input.tsx';
import { TrashActions } from '../../../shared/data-list/trash-actions.tsx';
import { useListSettings } from '../../../shared/data-list/use-list-settings.ts';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useAssets } from '../../assets/index.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import {
  deleteTransactions,
  emptyTransactionsTrash,
  exportTransactionsCsv,
  fetchTransactionPage,
  restoreTransactions,
  type TTransactionListQuery,
  useTransactionSettings,
} from '../api/transactions.ts';
import { downloadText } from '../download-text.ts';
import { entrySummary } from '../entry-options.ts';
import { withPinnedRows } from '../pinned-pages.ts';
import { TRANSACTION_FORM_MODAL_ID } from '../transaction-form-id.ts';
import type { TTransactionsOutletContext } from './transaction-page.tsx';

const DEFAULT_SORT: TSort = [{ field: 'date', sortDirection: 'descending' }];
const OPTION_FIELDS = ['type', 'account', 'asset', 'source'] as const;
const NO_ROWS: TTransaction[] = [];
const GRID_HEIGHT = 'calc(100vh - 210px)';
// Glide's default header and row heights.
const HEADER_HEIGHT = 36;
const ROW_HEIGHT = 34;

/**
 * Smart transactions of the current repository (seed §2): a lazily loaded Glide grid (50 rows a page) with
 * search, the filter builder and the sort control — sort and filter kept in the user's `ui_settings` — the
 * trash, import and export; a row opens the slide-over form at `/transactions/{id}`.
 */
export function Component() {
  const { repository, permissions } = useCurrentRepository();
  if (!repository) {
    return (
      <Stack p="md">
        <Title order={1} size="h3">
          Smart Transactions
        </Title>
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
        <Outlet />
      </Stack>
    );
  }
  return (
    <TransactionsList key={repository.id} repository={repository} canWrite={Boolean(permissions?.canWrite)} />
  );
}

function TransactionsList({
  repository,
  canWrite,
}: {
  repository: NonNullable<ReturnType<typeof useCurrentRepository>['repository']>;
  canWrite: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, setView] = useState<'live' | 'trash'>('live');
  const isTrash = view === 'trash';
  const [search, setSearch] = useState('');
  const settings = useListSettings({
    repository,
    listKey: isTrash ? 'transactions-trash' : 'transactions',
    fields: TRANSACTION_FILTER_FIELDS,
    defaults: { sort: DEFAULT_SORT },
  });
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<TTransaction[]>([]);
  const [total, setTotal] = useState<number | undefined>();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [isSortOpen, setSortOpen] = useState(false);
  const assets = useAssets(repository.id);

  const query = useMemo<TTransactionListQuery>(
    () => ({ repositoryId: repository.id, search, filter: settings.filter, sort: settings.sort, isTrash }),
    [repository.id, search, settings.filter, settings.sort, isTrash],
  );
  const baseKey = JSON.stringify(query);
  // Transactions saved here are shown first until the query changes (seed §4, see pinned-pages.ts).
  const [pinned, setPinned] = useState<{ key: string; rows: TTransaction[] }>({ key: '', rows: [] });
  const pinnedRows = pinned.key === baseKey ? pinned.rows : NO_ROWS;
  const fetchPage = useMemo(
    () =>
      withPinnedRows<TTransaction>(
        (pageNo, pageSize, signal) =>
          fetchTransactionPage(query, pageNo, pageSize, signal).then((page) => ({
            data: page.data,
            total: page.meta.total,
          })),
        pinnedRows,
        (row) => row.id,
      ),
    [query, pinnedRows],
  );
  const loadOptions = useMemo(
    () => filterOptionsLoader(queryClient, 'transactions', repository.id),
    [queryClient, repository.id],
  );
  const reload = useCallback(() => setVersion((value) => value + 1), []);

  const names = useMemo(
    () =>
      new Map(
        (assets.data ?? []).map((asset) => [
          asset.id,
          asset.ticker && !asset.type.includes('account') ? asset.ticker : asset.name,
        ]),
      ),
    [assets.data],
  );
  const typeSettings = useTransactionSettings(repository.id);
  const dates = useDateDisplay();
  const columns = useMemo<TLazyGridColumn<TTransaction>[]>(() => {
    const rules = new Map(
      (typeSettings.data ?? []).map((type) => [type.name, type.entries.map((slot) => slot.amount.rule)]),
    );
    // Percent entries read as percentages, as in the form.
    const entryText = (row: TTransaction, index: number) => {
      const entry = row.entries[index];
      const isPercent = rules.get(row.type)?.[index] === 'percent' && entry && isNumericString(entry.amount);
      return entrySummary(
        entry && isPercent ? { ...entry, amount: formatPercent(entry.amount) } : entry,
        names,
      );
    };
    return [
      { id: 'type', title: 'Type', width: 170, value: (row) => row.type },
      { id: 'date', title: 'Date', width: 110, value: (row) => dates.date(row.date) },
      { id: 'entry0', title: 'Entry 1', width: 240, value: (row) => entryText(row, 0) },
      { id: 'entry1', title: 'Entry 2', width: 240, value: (row) => entryText(row, 1) },
      { id: 'description', title: 'Description', width: 220, grow: 1, value: (row) => row.description ?? '' },
    ];
  }, [names, typeSettings.data, dates]);

  const outletContext = useMemo<TTransactionsOutletContext>(
    () => ({
      onSaved: (saved, isNew) => {
        if (isNew && !isTrash) {
          setPinned((current) => ({
            key: baseKey,
            rows: [
              saved,
              ...(current.key === baseKey ? current.rows : []).filter((row) => row.id !== saved.id),
            ],
          }));
        } else {
          // An edited pinned row is shown as saved.
          setPinned((current) => ({
            ...current,
            rows: current.rows.map((row) => (row.id === saved.id ? saved : row)),
          }));
        }
        reload();
      },
      onListChanged: () => {
        setPinned({ key: '', rows: [] });
        reload();
      },
    }),
    [baseKey, isTrash, reload],
  );

  const openRow = async (path: string) => {
    // Another row while the form holds unsaved changes asks first, as closing it would.
    const form = modals.getSnapshot().find((entry) => entry.id === TRANSACTION_FORM_MODAL_ID);
    if (form?.canClose && !(await form.canClose())) return;
    navigate(path);
  };
  const act = async (work: () => Promise<{ message: string }>) => {
    const answer = await work();
    notifications.success(answer.message);
    setPinned({ key: '', rows: [] });
    reload();
  };
  const exportCsv = async () => {
    try {
      downloadText('transactions.csv', await exportTransactionsCsv(repository.id), 'text/csv');
    } catch (error) {
      notifyError(error);
    }
  };
  const ids = selected.map((row) => row.id);
  const filterCount = settings.filter.groups.reduce((count, group) => count + group.params.length, 0);

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} size="h3">
            Smart Transactions
          </Title>
          {total !== undefined && (
            <Badge variant="light" aria-label="Rows">
              {total.toLocaleString('en')}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label="Show"
            value={view}
            onChange={(value) => {
              setView(value as 'live' | 'trash');
              setSelected([]);
            }}
            data={[
              { value: 'live', label: 'Transactions' },
              { value: 'trash', label: 'Trash' },
            ]}
          />
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportCsv()}>
            Export
          </Button>
          {canWrite && (
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() =>
                // The import dialog (and its CSV template's parser) loads with the first Import.
                void import('../components/import-transactions.tsx').then(({ openImportTransactions }) =>
                  openImportTransactions({
                    repositoryId: repository.id,
                    onImported: () => {
                      setPinned({ key: '', rows: [] });
                      reload();
                    },
                  }),
                )
              }
            >
              Import
            </Button>
          )}
          {canWrite && !isTrash && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => void openRow('/transactions/new')}>
              New transaction
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs" align="flex-end">
        <SearchInput
          value={search}
          onChange={setSearch}
          label="Search transactions"
          placeholder="Search description, type, account or asset"
          w={340}
        />
        <Popover
          opened={isFilterOpen}
          onChange={setFilterOpen}
          position="bottom-start"
          width={720}
          shadow="md"
        >
          <Popover.Target>
            <Button
              variant={filterCount > 0 ? 'light' : 'default'}
              leftSection={<IconFilter size={16} />}
              onClick={() => setFilterOpen((open) => !open)}
            >
              {filterCount > 0 ? `Filter (${filterCount})` : 'Filter'}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <LazyFilterBuilder
              fields={TRANSACTION_FILTER_FIELDS}
              value={settings.filter}
              onApply={(filter) => {
                settings.setFilter(filter);
                setFilterOpen(false);
              }}
              onCancel={() => setFilterOpen(false)}
              loadOptions={loadOptions}
              optionFields={OPTION_FIELDS}
            />
          </Popover.Dropdown>
        </Popover>
        {filterCount > 0 && (
          <Button variant="subtle" onClick={() => settings.setFilter(EMPTY_FILTER)}>
            Clear filter
          </Button>
        )}
        <Popover opened={isSortOpen} onChange={setSortOpen} position="bottom-start" width={420} shadow="md">
          <Popover.Target>
            <Button
              variant="default"
              leftSection={<IconArrowsSort size={16} />}
              onClick={() => setSortOpen((open) => !open)}
            >
              Sort
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <LazySortControl
              fields={TRANSACTION_FILTER_FIELDS}
              value={settings.sort}
              onChange={settings.setSort}
            />
          </Popover.Dropdown>
        </Popover>
        {canWrite && !isTrash && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={ids.length === 0}
            onClick={() => void act(() => deleteTransactions(ids)).catch(notifyError)}
          >
            Move to trash
          </Button>
        )}
        {isTrash && (
          <TrashActions
            selectedCount={ids.length}
            totalCount={total}
            itemsLabel="transactions"
            isReadOnly={!canWrite}
            onRestoreSelected={() => act(() => restoreTransactions(repository.id, ids))}
            onRestoreAll={() => act(() => restoreTransactions(repository.id))}
            onDeleteSelected={() => act(() => deleteTransactions(ids, true))}
            onEmptyTrash={() => act(() => emptyTransactionsTrash(repository.id))}
          />
        )}
      </Group>
      <LazyGrid<TTransaction>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={`${baseKey}#${version}`}
        getRowId={(row) => row.id}
        onRowClick={(row) => void openRow(`/transactions/${row.id}`)}
        onSelectionChange={canWrite ? setSelected : undefined}
        onTotalChange={setTotal}
        // Fills the page, but a short list gets a short grid rather than a canvas of empty lines.
        height={
          total === undefined || total === 0
            ? GRID_HEIGHT
            : `min(${GRID_HEIGHT}, ${HEADER_HEIGHT + ROW_HEIGHT * total + 2}px)`
        }
        emptyState={
          <Text c="dimmed" size="sm">
            {isTrash ? (
              'The trash is empty'
            ) : (
              <>
                No transactions.{' '}
                {canWrite && (
                  <Anchor component={Link} to="/move-in" size="sm">
                    Move in your history from another tool
                  </Anchor>
                )}
              </>
            )}
          </Text>
        }
      />
      <Outlet context={outletContext} />
    </Stack>
  );
}
