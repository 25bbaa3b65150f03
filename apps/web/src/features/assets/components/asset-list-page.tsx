import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { TAsset } from '@strata/contracts/assets';
import {
  IconArrowBackUp,
  IconChevronDown,
  IconChevronUp,
  IconDownload,
  IconPlus,
  IconSearch,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet, useNavigate, useSearchParams } from 'react-router';
import { confirmAction } from '../../../shared/data-list/confirm-action.tsx';
import { TrashActions } from '../../../shared/data-list/trash-actions.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { assetsKey, deleteAsset, deleteAssets, restoreAsset, useAssets } from '../api/assets.ts';
import { ASSET_LISTS, assetListRows, type TAssetListKind } from '../lib/asset-lists.ts';
import { sortAssets, type TAssetSort, toCsv } from '../lib/asset-table.ts';
import { LoadPricesButton } from './prices/load-prices-button.tsx';

const COLUMNS = [
  { field: 'name', label: 'Name' },
  { field: 'ticker', label: 'Ticker' },
  { field: 'type', label: 'Type' },
  { field: 'currency', label: 'Currency' },
] as const;

/**
 * One list for assets, currencies, income and expense accounts (seed §2), live or in the trash
 * (`?view=trash`, where the soft-deleted conflict's 'Go to deleted …' leads): search, type filter, sort by
 * column, CSV export, move to the trash, restore, delete forever. Items open in the drawer (the Outlet).
 */
export function AssetListPage({ kind }: { kind: TAssetListKind }) {
  const list = ASSET_LISTS[kind];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { repository, permissions } = useCurrentRepository();
  const assets = useAssets(repository?.id);
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'trash' ? 'trash' : 'live';
  const [search, setSearch] = useState('');
  const [typeFilter, setTypeFilter] = useState<string | null>(null);
  const [sort, setSort] = useState<TAssetSort>({ field: 'name', direction: 'ascending' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const refresh = () => queryClient.invalidateQueries({ queryKey: assetsKey(repository?.id ?? 'none') });
  const canWrite = Boolean(permissions?.canWrite);

  if (!repository) {
    return (
      <Stack p="md">
        <Title order={1} size="h3">
          {list.title}
        </Title>
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
        <Outlet />
      </Stack>
    );
  }
  const all = assetListRows(assets.data ?? [], kind, view, search);
  const types = [...new Set(all.map((asset) => asset.type))].sort();
  const rows = sortAssets(
    all.filter((asset) => typeFilter === null || asset.type === typeFilter),
    sort,
  );
  const isSelecting = view === 'trash' && canWrite;
  // Only rows on screen count: a search or filter hides a selected row from the bulk actions too.
  const selectable = rows.filter((asset) => !asset.is_readonly);
  const chosen = isSelecting ? selectable.filter((asset) => selected.has(asset.id)) : [];
  const toggle = (id: string, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });
  const everyTrashed = assetListRows(assets.data ?? [], kind, 'trash', '').filter(
    (asset) => !asset.is_readonly,
  );
  const noun = list.title.toLowerCase();
  // One item reads as the single-row toasts do ('Apple restored').
  const countOf = (count: number, targets: readonly TAsset[]) =>
    count === 1 && targets.length === 1 ? (targets[0]?.name ?? '') : `${count} ${noun}`;
  // There is no bulk restore route: one restore each, so a refused one (a live twin) leaves the others done.
  const restoreMany = async (targets: readonly TAsset[]) => {
    let firstError: unknown = null;
    let restored = 0;
    for (const asset of targets) {
      try {
        await restoreAsset(asset.id);
        restored += 1;
      } catch (error) {
        firstError ??= error;
      }
    }
    setSelected(new Set());
    await refresh();
    if (restored > 0) notifications.success(`${countOf(restored, targets)} restored`);
    if (firstError) throw firstError;
  };
  const deleteMany = async (targets: readonly TAsset[]) => {
    if (targets.length === 0) return;
    await deleteAssets(
      targets.map((asset) => asset.id),
      true,
    );
    setSelected(new Set());
    await refresh();
    notifications.success(`${countOf(targets.length, targets)} deleted forever`);
  };
  const act = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      notifications.success(message);
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };
  const deleteForever = async (asset: TAsset) => {
    const isConfirmed = await confirmAction({
      title: 'Delete forever',
      message: `Delete ${asset.name} forever? This cannot be undone.`,
      confirmLabel: 'Delete forever',
      isDestructive: true,
    });
    if (isConfirmed) await act(() => deleteAsset(asset.id, true), `${asset.name} deleted forever`);
  };
  const exportCsv = () => {
    const blob = new Blob([toCsv(rows)], { type: 'text/csv' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${kind}${view === 'trash' ? '-trash' : ''}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  const toggleSort = (field: TAssetSort['field']) =>
    setSort((current) => ({
      field,
      direction: current.field === field && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {list.title}
        </Title>
        <Group>
          <SegmentedControl
            size="xs"
            aria-label="Show"
            value={view}
            onChange={(value) => {
              setSelected(new Set());
              setParams(value === 'trash' ? { view: 'trash' } : {});
            }}
            data={[
              { value: 'live', label: list.title },
              { value: 'trash', label: 'Trash' },
            ]}
          />
          {canWrite && list.hasPrices && <LoadPricesButton repositoryId={repository.id} />}
          {canWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(`${list.basePath}/new`)}>
              New {list.noun}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          aria-label={`Search ${list.title.toLowerCase()}`}
          placeholder="Search name, ticker, type or currency"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          aria-label="Filter by type"
          placeholder="All types"
          data={types}
          value={typeFilter}
          onChange={setTypeFilter}
          clearable
          w={200}
        />
        <Tooltip label="Export CSV">
          <ActionIcon variant="default" size="lg" aria-label="Export CSV" onClick={exportCsv}>
            <IconDownload size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {isSelecting && (
        <TrashActions
          selectedCount={chosen.length}
          totalCount={everyTrashed.length}
          itemsLabel={noun}
          onRestoreSelected={() => restoreMany(chosen)}
          onRestoreAll={() => restoreMany(everyTrashed)}
          onDeleteSelected={() => deleteMany(chosen)}
          onEmptyTrash={() => deleteMany(everyTrashed)}
        />
      )}
      <Table
        striped
        highlightOnHover
        aria-label={view === 'trash' ? `Deleted ${list.title.toLowerCase()}` : list.title}
        fz="sm"
      >
        <Table.Thead>
          <Table.Tr>
            {isSelecting && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all"
                  checked={selectable.length > 0 && chosen.length === selectable.length}
                  indeterminate={chosen.length > 0 && chosen.length < selectable.length}
                  onChange={(event) =>
                    setSelected(
                      new Set(event.currentTarget.checked ? selectable.map((asset) => asset.id) : []),
                    )
                  }
                />
              </Table.Th>
            )}
            {COLUMNS.map((column) => (
              <Table.Th
                key={column.field}
                aria-sort={sort.field === column.field ? sort.direction : undefined}
              >
                <UnstyledButton onClick={() => toggleSort(column.field)} fz="sm" fw={700}>
                  <Group gap={2} wrap="nowrap">
                    {column.label}
                    {sort.field === column.field &&
                      (sort.direction === 'ascending' ? (
                        <IconChevronUp size={12} />
                      ) : (
                        <IconChevronDown size={12} />
                      ))}
                  </Group>
                </UnstyledButton>
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((asset) => (
            <Table.Tr key={asset.id}>
              {isSelecting && (
                <Table.Td>
                  {!asset.is_readonly && (
                    <Checkbox
                      aria-label={`Select ${asset.name}`}
                      checked={selected.has(asset.id)}
                      onChange={(event) => toggle(asset.id, event.currentTarget.checked)}
                    />
                  )}
                </Table.Td>
              )}
              <Table.Td>
                {view === 'live' ? (
                  <Anchor component={Link} to={`${list.basePath}/${asset.id}`} size="sm">
                    {asset.name}
                  </Anchor>
                ) : (
                  asset.name
                )}
              </Table.Td>
              <Table.Td>{asset.ticker}</Table.Td>
              <Table.Td>{asset.type}</Table.Td>
              <Table.Td>{asset.currency}</Table.Td>
              <Table.Td>
                {canWrite && !asset.is_readonly && (
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {view === 'live' ? (
                      <Tooltip label="Move to the trash">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${asset.name}`}
                          onClick={() =>
                            void act(() => deleteAsset(asset.id), `${asset.name} moved to the trash`)
                          }
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : (
                      <>
                        <Tooltip label="Restore">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Restore ${asset.name}`}
                            onClick={() => void act(() => restoreAsset(asset.id), `${asset.name} restored`)}
                          >
                            <IconArrowBackUp size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete forever">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${asset.name} forever`}
                            onClick={() => void deleteForever(asset)}
                          >
                            <IconTrashX size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    )}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {rows.length} {view === 'trash' ? 'in the trash' : list.title.toLowerCase()}
      </Text>
      <Outlet />
    </Stack>
  );
}
