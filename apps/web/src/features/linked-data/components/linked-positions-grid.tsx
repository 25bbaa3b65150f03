import { Badge, Box, Button, Checkbox, Group, Menu, Popover, Stack, Text } from '@mantine/core';
import type { TSort } from '@strata/core/filters/sort-model';
import { IconArrowsSort, IconCode, IconExternalLink } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyGrid, type TLazyGridColumn } from '../../../shared/data-list/lazy-grid.tsx';
import { LazySortControl } from '../../../shared/data-list/lazy-list-controls.tsx';
import { SearchInput } from '../../../shared/data-list/search-input.tsx';
import {
  fetchLinkedPositionPage,
  type TLinkedPosition,
  type TLinkedPositionsQuery,
} from '../api/linked-positions.ts';
import { positionColumnsFor, positionSortFields } from '../linked-position-columns.ts';
import { openPositionSourceView } from './position-source-view.tsx';

/** Linked seed §2 "Linked positions list": its texts. */
export const LINKED_POSITIONS_TEXTS = {
  SEARCH_PLACEHOLDER: 'Search positions...',
  LOADING: 'Loading positions...',
  VIEW_TRANSACTION: 'View Transaction',
  SOURCE_VIEW: 'Source view',
  SHOW_CLOSED: 'Show closed positions',
} as const;

const GRID_HEIGHT = 'calc(100vh - 230px)';
const HEADER_HEIGHT = 36;
const ROW_HEIGHT = 34;

export interface TLinkedPositionsGridProps {
  repositoryId: string;
  /** 'account': one linked account's positions, without the connector and account columns. */
  view: 'list' | 'account';
  sort: TSort;
  onSortChange: (sort: TSort) => void;
  linkedAccountId?: string;
  height?: string;
}

/**
 * The linked positions grid: search, sort, lazy pages of 50 and the row count. By default it shows what the
 * server shows without a filter — positions holding more than 0 units (seed §2) — and a checkbox shows the
 * closed ones too. A row's menu has 'View Transaction' (only when the position carries the product's own
 * transaction id) and 'Source view' ('JSON data').
 */
export function LinkedPositionsGrid({
  repositoryId,
  view,
  sort,
  onSortChange,
  linkedAccountId,
  height = GRID_HEIGHT,
}: TLinkedPositionsGridProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [isShowingClosed, setShowingClosed] = useState(false);
  const [total, setTotal] = useState<number | undefined>();
  const [isSortOpen, setSortOpen] = useState(false);
  const [menu, setMenu] = useState<{ row: TLinkedPosition; x: number; y: number } | null>(null);

  const query = useMemo<TLinkedPositionsQuery>(
    () => ({ repositoryId, search, sort, linkedAccountId, isShowingClosed }),
    [repositoryId, search, sort, linkedAccountId, isShowingClosed],
  );
  const fetchPage = useMemo(
    () => (pageNo: number, pageSize: number, signal: AbortSignal) =>
      fetchLinkedPositionPage(query, pageNo, pageSize, signal).then((page) => ({
        data: page.data,
        total: page.meta.total,
      })),
    [query],
  );
  const columns = useMemo<TLazyGridColumn<TLinkedPosition>[]>(
    () => [
      {
        id: 'actions',
        title: 'Actions',
        // Narrow, so a phone's 390 px shows the name and the value beside it.
        width: 70,
        value: () => 'Actions',
        onClick: (row, anchor) => setMenu({ row, ...anchor }),
      },
      ...positionColumnsFor(view).map((column) => ({
        id: column.id,
        title: column.title,
        width: column.width,
        align: column.align,
        value: column.value,
      })),
    ],
    [view],
  );

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <SearchInput
          value={search}
          onChange={setSearch}
          label="Search"
          placeholder={LINKED_POSITIONS_TEXTS.SEARCH_PLACEHOLDER}
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
            <LazySortControl fields={positionSortFields} value={sort} onChange={onSortChange} />
          </Popover.Dropdown>
        </Popover>
        <Checkbox
          label={LINKED_POSITIONS_TEXTS.SHOW_CLOSED}
          checked={isShowingClosed}
          onChange={(event) => setShowingClosed(event.currentTarget.checked)}
          mb={8}
        />
        {total !== undefined && (
          <Badge variant="light" aria-label="Rows" size="lg">
            {total.toLocaleString('en')} rows
          </Badge>
        )}
      </Group>
      <LazyGrid<TLinkedPosition>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={JSON.stringify(query)}
        getRowId={(row) => row.id}
        onTotalChange={setTotal}
        loadingText={LINKED_POSITIONS_TEXTS.LOADING}
        height={
          total === undefined || total === 0
            ? height
            : `min(${height}, ${HEADER_HEIGHT + ROW_HEIGHT * total + 2}px)`
        }
        emptyState={
          <Text c="dimmed" size="sm">
            {search ? 'No linked position matches the search' : 'No linked positions yet'}
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
          {menu?.row.transaction_id && (
            <Menu.Item
              leftSection={<IconExternalLink size={16} />}
              onClick={() => {
                if (menu.row.transaction_id) void navigate(`/transactions/${menu.row.transaction_id}`);
                setMenu(null);
              }}
            >
              {LINKED_POSITIONS_TEXTS.VIEW_TRANSACTION}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconCode size={16} />}
            onClick={() => {
              if (menu) openPositionSourceView(menu.row.id, repositoryId);
              setMenu(null);
            }}
          >
            {LINKED_POSITIONS_TEXTS.SOURCE_VIEW}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}
