import { Badge, Box, Button, Group, Menu, Popover, Stack, Text } from '@mantine/core';
import { EMPTY_FILTER, type TFilter } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import {
  EXCLUDE_TAG_NAME,
  LINKED_TRANSACTION_FIELDS,
} from '@strata/core/linked-data/linked-transaction-fields';
import {
  IconArrowsSort,
  IconBan,
  IconChevronDown,
  IconCode,
  IconDownload,
  IconFilter,
  IconTag,
  IconTagMinus,
  IconTagPlus,
  IconTransform,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { confirmAction } from '../../../shared/data-list/confirm-action.tsx';
import {
  LazyGrid,
  type TGridPaste,
  type TLazyGridColumn,
  type TLazyGridHandle,
} from '../../../shared/data-list/lazy-grid.tsx';
import { LazyFilterBuilder, LazySortControl } from '../../../shared/data-list/lazy-list-controls.tsx';
import { SearchInput } from '../../../shared/data-list/search-input.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import {
  fetchLinkedTransactionPage,
  fetchLinkedTransactionTags,
  linkedOptionsLoader,
  type TLinkedTransaction,
  type TLinkedTransactionsQuery,
} from '../api/linked-transactions.ts';
import { linkedColumnsFor } from '../linked-columns.ts';
import { linkedRowsCsv } from '../linked-export.ts';
import { writeLinkedRows } from '../linked-row-writes.ts';
import { BULK_TAG_TEXTS, openLinkedTagsDialog } from './linked-tags-dialog.tsx';
import { openSourceView } from './source-view.tsx';

/** Linked seed §2: the list's texts. */
export const LINKED_LIST_TEXTS = {
  SEARCH_PLACEHOLDER: 'Search linked transactions...',
  LOADING: 'Loading transactions...',
  EXCLUDE: 'Exclude',
  PASTE_TITLE: 'Update selected columns',
  PASTE_MESSAGE: 'Are you sure you want to update selected fields?',
  PASTE_CONFIRM: 'Update',
  PASTE_NOTHING: 'Nothing to paste: the pasted cells fall on columns that cannot be edited, or do not parse',
} as const;

const ACTIONS_COLUMN = 'actions';
const GRID_HEIGHT = 'calc(100vh - 230px)';
// Glide's default header and row heights: a short list gets a short grid, not a canvas of empty lines.
const HEADER_HEIGHT = 36;
const ROW_HEIGHT = 34;

export interface TLinkedTransactionsGridProps {
  repositoryId: string;
  /** 'account': one account's list, without the connector, account and access-method columns (seed §2). */
  view: 'list' | 'account';
  sort: TSort;
  onSortChange: (sort: TSort) => void;
  linkedAccountId?: string;
  assetId?: string;
  /** The grid's height (CSS); fills the page by default. */
  height?: string;
  /** Writers get inline edit, paste, Exclude, bulk tags and the rule actions (seed §2, §6: hidden when read-only). */
  canWrite?: boolean;
  /** The filter builder's filter, when the page keeps it (in the user's settings); the grid's own otherwise. */
  filter?: TFilter;
  onFilterChange?: (filter: TFilter) => void;
}

const hasExcludeTag = (row: TLinkedTransaction) => row.tags.some((tag) => tag.name === EXCLUDE_TAG_NAME);

/**
 * The linked transactions grid (linked seed §2): search, the filter builder, the sort control, lazy pages of
 * 50, the row count, selectable rows exported as CSV or tagged in bulk, a row's actions menu (Source view,
 * Exclude, the rule actions), and for writers inline edit of the editable cells and paste into rows after
 * 'Update selected columns'. Every write is one all-or-nothing `PUT linked_data/transactions` whose saved
 * rows replace the shown ones in place.
 */
export function LinkedTransactionsGrid({
  repositoryId,
  view,
  sort,
  onSortChange,
  linkedAccountId,
  assetId,
  height = GRID_HEIGHT,
  canWrite = false,
  filter: pageFilter,
  onFilterChange,
}: TLinkedTransactionsGridProps) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [ownFilter, setOwnFilter] = useState<TFilter>(EMPTY_FILTER);
  const filter = pageFilter ?? ownFilter;
  const setFilter = onFilterChange ?? setOwnFilter;
  const [isFilterOpen, setFilterOpen] = useState(false);
  const gridRef = useRef<TLazyGridHandle<TLinkedTransaction> | null>(null);
  const showSaved = (rows: TLinkedTransaction[] | null) => {
    if (rows) gridRef.current?.replaceRows(rows);
  };
  const [total, setTotal] = useState<number | undefined>();
  const [selected, setSelected] = useState<TLinkedTransaction[]>([]);
  const [isSortOpen, setSortOpen] = useState(false);
  const [menu, setMenu] = useState<{ row: TLinkedTransaction; x: number; y: number } | null>(null);
  const createRule = (type: 'tagging' | 'mapping_to_smart_transaction') => {
    // The rule dialog (with its builders) loads when first asked for, not with the list (docs/benchmarks.md).
    const row = menu?.row;
    setMenu(null);
    if (!row) return;
    import('../../rules/index.ts')
      .then(({ openRuleDialog }) => openRuleDialog({ repositoryId, type, prefill: row, canWrite }))
      .catch(notifyError);
  };

  const exclude = async (row: TLinkedTransaction) => {
    let excludeId: string | undefined;
    try {
      const tags = await fetchLinkedTransactionTags(queryClient, repositoryId);
      excludeId = tags.find((tag) => tag.is_system && tag.name === EXCLUDE_TAG_NAME)?.id;
    } catch (error) {
      notifyError(error);
      return;
    }
    if (!excludeId) {
      notifications.error('Unknown tag');
      return;
    }
    showSaved(await writeLinkedRows(repositoryId, [{ id: row.id, add_tags: [excludeId] }], 'tags'));
  };
  const editCell = async (row: TLinkedTransaction, field: string, text: string) => {
    showSaved(await writeLinkedRows(repositoryId, [{ id: row.id, [field]: text }], 'cells'));
  };
  const paste = async (target: TGridPaste<TLinkedTransaction>) => {
    // The paste plan parses cells with the field rules (decimal.js): loaded with the first paste, not the page.
    const { planPaste } = await import('../linked-paste.ts');
    const plan = planPaste(target);
    if (plan.changes.length === 0) {
      notifications.warn(LINKED_LIST_TEXTS.PASTE_NOTHING);
      return;
    }
    const isConfirmed = await confirmAction({
      title: LINKED_LIST_TEXTS.PASTE_TITLE,
      message: LINKED_LIST_TEXTS.PASTE_MESSAGE,
      confirmLabel: LINKED_LIST_TEXTS.PASTE_CONFIRM,
    });
    if (isConfirmed) showSaved(await writeLinkedRows(repositoryId, plan.changes, 'cells'));
  };
  const openBulk = (mode: 'add' | 'remove') =>
    openLinkedTagsDialog({ mode, repositoryId, rows: selected, onSaved: showSaved });
  const loadOptions = useMemo(
    () => linkedOptionsLoader(queryClient, repositoryId),
    [queryClient, repositoryId],
  );
  const filterCount = filter.groups.reduce((count, group) => count + group.params.length, 0);

  const query = useMemo<TLinkedTransactionsQuery>(
    () => ({ repositoryId, search, sort, filter, linkedAccountId, assetId }),
    [repositoryId, search, sort, filter, linkedAccountId, assetId],
  );
  const fetchPage = useMemo(
    () => (pageNo: number, pageSize: number, signal: AbortSignal) =>
      fetchLinkedTransactionPage(query, pageNo, pageSize, signal).then((page) => ({
        data: page.data,
        total: page.meta.total,
      })),
    [query],
  );
  const columns = useMemo<TLazyGridColumn<TLinkedTransaction>[]>(
    () => [
      {
        id: ACTIONS_COLUMN,
        title: 'Actions',
        width: 80,
        value: () => 'Actions',
        onClick: (row, anchor) => setMenu({ row, ...anchor }),
      },
      ...linkedColumnsFor(view).map((column) => ({
        id: column.id,
        title: column.title,
        width: column.width,
        align: column.align,
        value: column.value,
        ...(canWrite && column.editValue ? { editValue: column.editValue } : {}),
      })),
    ],
    [view, canWrite],
  );

  const exportSelected = () => {
    const csv = linkedRowsCsv(selected, linkedColumnsFor(view));
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'linked-transactions.csv';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <SearchInput
          value={search}
          onChange={setSearch}
          label="Search"
          placeholder={LINKED_LIST_TEXTS.SEARCH_PLACEHOLDER}
          w={320}
        />
        <Popover
          opened={isFilterOpen}
          onChange={setFilterOpen}
          position="bottom-start"
          width="min(720px, calc(100vw - 32px))"
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
              fields={LINKED_TRANSACTION_FIELDS}
              value={filter}
              onApply={(next) => {
                setFilter(next);
                setFilterOpen(false);
              }}
              onCancel={() => setFilterOpen(false)}
              loadOptions={loadOptions}
            />
          </Popover.Dropdown>
        </Popover>
        {filterCount > 0 && (
          <Button variant="subtle" onClick={() => setFilter(EMPTY_FILTER)}>
            Clear filter
          </Button>
        )}
        <Popover opened={isSortOpen} onChange={setSortOpen} position="bottom-start" width={360} shadow="md">
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
            <LazySortControl fields={LINKED_TRANSACTION_FIELDS} value={sort} onChange={onSortChange} />
          </Popover.Dropdown>
        </Popover>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={selected.length === 0}
          onClick={exportSelected}
        >
          {selected.length > 0 ? `Export ${selected.length} selected` : 'Export selected'}
        </Button>
        {canWrite && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<IconTag size={16} />}
                rightSection={<IconChevronDown size={14} />}
                disabled={selected.length === 0}
              >
                Tags
              </Button>
            </Menu.Target>
            <Menu.Dropdown aria-label="Bulk actions">
              <Menu.Item leftSection={<IconTagPlus size={16} />} onClick={() => openBulk('add')}>
                {BULK_TAG_TEXTS.ADD}
              </Menu.Item>
              <Menu.Item leftSection={<IconTagMinus size={16} />} onClick={() => openBulk('remove')}>
                {BULK_TAG_TEXTS.REMOVE}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {total !== undefined && (
          <Badge variant="light" aria-label="Rows" size="lg">
            {total.toLocaleString('en')} rows
          </Badge>
        )}
      </Group>
      <LazyGrid<TLinkedTransaction>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={JSON.stringify(query)}
        getRowId={(row) => row.id}
        onSelectionChange={setSelected}
        onTotalChange={setTotal}
        handleRef={gridRef}
        onCellEdit={canWrite ? (row, field, text) => void editCell(row, field, text) : undefined}
        onPaste={canWrite ? (target) => void paste(target) : undefined}
        loadingText={LINKED_LIST_TEXTS.LOADING}
        height={
          total === undefined || total === 0
            ? height
            : `min(${height}, ${HEADER_HEIGHT + ROW_HEIGHT * total + 2}px)`
        }
        emptyState={
          <Text c="dimmed" size="sm">
            {search || filterCount > 0
              ? 'No linked transaction matches the search or filter'
              : 'No linked transactions yet'}
          </Text>
        }
      />
      <Menu
        opened={menu !== null}
        onChange={(isOpened) => {
          if (!isOpened) setMenu(null);
        }}
        position="bottom-start"
        withinPortal
      >
        <Menu.Target>
          <Box
            aria-hidden
            style={{ position: 'fixed', left: menu?.x ?? 0, top: menu?.y ?? 0, width: 1, height: 1 }}
          />
        </Menu.Target>
        <Menu.Dropdown aria-label="Row actions">
          <Menu.Item
            leftSection={<IconCode size={16} />}
            onClick={() => {
              if (menu) openSourceView(menu.row.id);
              setMenu(null);
            }}
          >
            Source view
          </Menu.Item>
          {canWrite && menu && !hasExcludeTag(menu.row) && (
            <Menu.Item
              leftSection={<IconBan size={16} />}
              onClick={() => {
                if (menu) void exclude(menu.row);
                setMenu(null);
              }}
            >
              {LINKED_LIST_TEXTS.EXCLUDE}
            </Menu.Item>
          )}
          {canWrite && (
            <>
              <Menu.Item leftSection={<IconTag size={16} />} onClick={() => createRule('tagging')}>
                Create tagging rule
              </Menu.Item>
              <Menu.Item
                leftSection={<IconTransform size={16} />}
                onClick={() => createRule('mapping_to_smart_transaction')}
              >
                Create mapping rule
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}
