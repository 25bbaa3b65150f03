import { Badge, Box, Button, Group, Menu, Popover, Stack, Text } from '@mantine/core';
import type { TSort } from '@strata/core/filters/sort-model';
import { IconArrowsSort, IconCode, IconDownload, IconTag, IconTransform } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { LazyGrid, type TLazyGridColumn } from '../../../shared/data-list/lazy-grid.tsx';
import { SearchInput } from '../../../shared/data-list/search-input.tsx';
import { SortControl } from '../../../shared/data-list/sort-control.tsx';
import { openRuleDialog } from '../../rules/index.ts';
import {
  fetchLinkedTransactionPage,
  type TLinkedTransaction,
  type TLinkedTransactionsQuery,
} from '../api/linked-transactions.ts';
import { linkedColumnsFor, linkedSortFields } from '../linked-columns.ts';
import { linkedRowsCsv } from '../linked-export.ts';
import { openSourceView } from './source-view.tsx';

/** Linked seed §2: the list's texts. */
export const LINKED_LIST_TEXTS = {
  SEARCH_PLACEHOLDER: 'Search linked transactions...',
  LOADING: 'Loading transactions...',
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
  /** Writers get the rule actions (seed §2: hidden when read-only). */
  canWrite?: boolean;
}

/**
 * The linked transactions grid (linked seed §2): search, the sort control, lazy pages of 50, the row count,
 * selectable rows exported as CSV, and a row's actions menu (today 'Source view', which opens 'JSON data').
 * The row actions, the toolbar and the columns' `isEditable` are where Exclude, the rule actions, bulk tags
 * and inline edit join once their API exists.
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
}: TLinkedTransactionsGridProps) {
  const [search, setSearch] = useState('');
  const [total, setTotal] = useState<number | undefined>();
  const [selected, setSelected] = useState<TLinkedTransaction[]>([]);
  const [isSortOpen, setSortOpen] = useState(false);
  const [menu, setMenu] = useState<{ row: TLinkedTransaction; x: number; y: number } | null>(null);
  const createRule = (type: 'tagging' | 'mapping_to_smart_transaction') => {
    if (menu) openRuleDialog({ repositoryId, type, prefill: menu.row, canWrite });
    setMenu(null);
  };

  const query = useMemo<TLinkedTransactionsQuery>(
    () => ({ repositoryId, search, sort, linkedAccountId, assetId }),
    [repositoryId, search, sort, linkedAccountId, assetId],
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
      })),
    ],
    [view],
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
            <SortControl fields={linkedSortFields} value={sort} onChange={onSortChange} />
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
        loadingText={LINKED_LIST_TEXTS.LOADING}
        height={
          total === undefined || total === 0
            ? height
            : `min(${height}, ${HEADER_HEIGHT + ROW_HEIGHT * total + 2}px)`
        }
        emptyState={
          <Text c="dimmed" size="sm">
            {search ? 'No linked transaction matches the search' : 'No linked transactions yet'}
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
