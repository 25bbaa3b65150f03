// The analytics pages (Value, Value Change, Income, Position): the dashboards' timeline, a drill-down table
// from the repository to its accounts to their assets, the chosen node's periods, and a pivot.
import {
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Center,
  Loader,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type {
  TAnalyticsResult,
  TDataset,
  TIncomeRow,
  TPositionRow,
  TTreeNode,
  TValueRow,
} from '@strata/core/analytics/analytics-types';
import { Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { analyticsResult } from '../../../shared/api/analytics-result.ts';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import type { THistoryBars, TPivotField, TPivotMeasure } from '../../dashboards/index.ts';
import {
  formatMoney,
  formatPercent,
  HistoryBarsWidget,
  INCOME_PIVOT_CATALOGUE,
  TimelineControls,
  useDashboardAnalytics,
  useTimelineSettings,
  VALUE_PIVOT_CATALOGUE,
} from '../../dashboards/index.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { useToday } from '../../session/index.ts';
import {
  childNodes,
  incomeByCategory,
  incomeRowsOf,
  resolvePath,
  scopeOfNode,
  summarizeIncome,
  summarizeValue,
  valueRowsOf,
} from '../analytics-drill.ts';
import { AnalyticsPivot, type TPivotCatalogue } from './analytics-pivot.tsx';

export type TAnalyticsView = 'value' | 'value-change' | 'income' | 'position';

const TITLES: Record<TAnalyticsView, string> = {
  value: 'Value',
  'value-change': 'Value Change',
  income: 'Income',
  position: 'Position',
};

const DATASETS: Record<TAnalyticsView, TDataset[]> = {
  value: ['tree_view', 'value_view'],
  'value-change': ['tree_view', 'value_view'],
  income: ['income_view', 'tree_view'],
  position: ['position_view', 'tree_view'],
};

type TFormat = 'money' | 'percent' | 'text' | 'date';

interface TColumn<TRow> {
  label: string;
  get: (row: TRow) => number | string | null;
  format: TFormat;
}

function Cell({
  value,
  format,
  currency,
  precision,
}: {
  value: number | string | null;
  format: TFormat;
  currency: string;
  precision: number;
}) {
  const dates = useDateDisplay();
  if (format === 'text') return <Table.Td>{String(value ?? '')}</Table.Td>;
  if (format === 'date') return <Table.Td>{dates.date(typeof value === 'string' ? value : null)}</Table.Td>;
  const number = typeof value === 'number' ? value : null;
  return (
    <Table.Td ta="right" ff="monospace" data-value={number ?? ''}>
      {format === 'percent' ? formatPercent(number) : formatMoney(number, currency, precision)}
    </Table.Td>
  );
}

function nodeColumns(view: TAnalyticsView, result: TAnalyticsResult): TColumn<TTreeNode>[] {
  const value = (node: TTreeNode) => summarizeValue(valueRowsOf(result, scopeOfNode(node)));
  const income = (node: TTreeNode) => summarizeIncome(incomeRowsOf(result, scopeOfNode(node)));
  switch (view) {
    case 'value':
      return [
        { label: 'Value at start', get: (node) => value(node).value_start, format: 'money' },
        { label: 'Net flows', get: (node) => value(node).net_flows, format: 'money' },
        { label: 'Income', get: (node) => value(node).income, format: 'money' },
        { label: 'Expenses', get: (node) => value(node).expenses, format: 'money' },
        { label: 'Market change', get: (node) => value(node).market_change, format: 'money' },
        { label: 'Value at end', get: (node) => value(node).value_end, format: 'money' },
      ];
    case 'value-change':
      return [
        { label: 'Change', get: (node) => value(node).change, format: 'money' },
        { label: 'Change %', get: (node) => value(node).change_ratio, format: 'percent' },
        { label: 'Market change', get: (node) => value(node).market_change, format: 'money' },
        { label: 'Realized', get: (node) => value(node).realized, format: 'money' },
        { label: 'Unrealized', get: (node) => value(node).unrealized, format: 'money' },
        { label: 'FX effect', get: (node) => value(node).fx_effect, format: 'money' },
      ];
    case 'income':
      return [
        { label: 'Income', get: (node) => income(node).income, format: 'money' },
        { label: 'Expenses', get: (node) => income(node).expenses, format: 'money' },
        { label: 'Net', get: (node) => income(node).net, format: 'money' },
      ];
    case 'position':
      return [
        { label: 'Value', get: (node) => node.value, format: 'money' },
        { label: 'Cost basis', get: (node) => node.cost_basis, format: 'money' },
        { label: 'Unrealized gain', get: (node) => node.unrealized_gain, format: 'money' },
        { label: 'Value change', get: (node) => node.value_change, format: 'money' },
      ];
  }
}

const PERIOD_COLUMNS: Record<'value' | 'value-change', TColumn<TValueRow>[]> = {
  value: [
    { label: 'Period end', get: (row) => row.end, format: 'date' },
    { label: 'Value at start', get: (row) => row.value_start, format: 'money' },
    { label: 'Net flows', get: (row) => row.net_flows, format: 'money' },
    { label: 'Income', get: (row) => row.income, format: 'money' },
    { label: 'Expenses', get: (row) => row.expenses, format: 'money' },
    { label: 'Market change', get: (row) => row.market_change, format: 'money' },
    { label: 'Value at end', get: (row) => row.value_end, format: 'money' },
  ],
  'value-change': [
    { label: 'Period end', get: (row) => row.end, format: 'date' },
    { label: 'Market change', get: (row) => row.market_change, format: 'money' },
    { label: 'Realized', get: (row) => row.realized, format: 'money' },
    { label: 'Unrealized', get: (row) => row.unrealized, format: 'money' },
    { label: 'FX effect', get: (row) => row.fx_effect, format: 'money' },
    {
      label: 'Change',
      get: (row) =>
        row.value_end === null || row.value_start === null ? null : row.value_end - row.value_start,
      format: 'money',
    },
  ],
};

function DataTable<TRow>({
  caption,
  rows,
  columns,
  rowKey,
  name,
  currency,
  precision,
}: {
  caption: string;
  rows: readonly TRow[];
  columns: readonly TColumn<TRow>[];
  rowKey: (row: TRow) => string;
  name?: (row: TRow) => React.ReactNode;
  currency: string;
  precision: number;
}) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover fz="sm" verticalSpacing={4} aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {name && <Table.Th>Name</Table.Th>}
            {columns.map((column) => (
              <Table.Th
                key={column.label}
                ta={column.format === 'text' || column.format === 'date' ? undefined : 'right'}
              >
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {name && <Table.Td>{name(row)}</Table.Td>}
              {columns.map((column) => (
                <Cell
                  key={column.label}
                  value={column.get(row)}
                  format={column.format}
                  currency={currency}
                  precision={precision}
                />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const positionMoney = (
  label: string,
  value: (row: TPositionRow) => number | null,
): TPivotMeasure<TPositionRow> => ({
  label,
  value,
});

function positionCatalogue(names: ReadonlyMap<string, string>): TPivotCatalogue<TPositionRow> {
  const name = (id: string) => names.get(id) ?? id;
  return {
    fields: {
      account: { label: 'Account', key: (row) => name(row.account_id) },
      asset: { label: 'Asset', key: (row) => name(row.asset_id) },
    } satisfies Record<string, TPivotField<TPositionRow>>,
    measures: {
      position_close: positionMoney('Value', (row) => row.position_close),
      cost_basis: positionMoney('Cost basis', (row) => row.cost_basis),
      position_gain: positionMoney('Gain', (row) => row.position_gain),
    },
  };
}

/** Account ids of a node's subtree (itself included when it is an account). */
function subtreeAccounts(result: TAnalyticsResult, node: TTreeNode): Set<string> {
  const ids = new Set<string>();
  const walk = (current: TTreeNode) => {
    if (current.account_id) ids.add(current.account_id);
    for (const child of childNodes(result, current.node_id)) walk(child);
  };
  walk(node);
  return ids;
}

function PeriodChart({
  title,
  data,
  currency,
  precision,
}: {
  title: string;
  data: THistoryBars;
  currency: string;
  precision: number;
}) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label={`Loading ${title}`} />}>
      <HistoryBarsWidget
        data={data}
        display={{ code: 'analytics-chart', label: title, currency, precision, missingNote: null }}
      />
    </Suspense>
  );
}

/** The node's income per period, stacked by category. */
function incomeBars(rows: readonly TIncomeRow[]): THistoryBars {
  const categories = [...new Set(rows.map((row) => row.category))].sort();
  type TPoint = THistoryBars['points'][number];
  const byEnd = new Map<string, TPoint>();
  for (const row of [...rows].sort((a, b) => a.period - b.period)) {
    const point: TPoint = byEnd.get(row.end) ?? { period: row.end };
    const before = point[row.category];
    point[row.category] =
      row.amount === null || before === null ? null : ((before as number | undefined) ?? 0) + row.amount;
    byEnd.set(row.end, point);
  }
  return {
    series: categories.map((category) => ({ key: category, label: category })),
    points: [...byEnd.values()],
    stacked: true,
  };
}

function ViewBody({
  view,
  result,
  precision,
}: {
  view: TAnalyticsView;
  result: TAnalyticsResult;
  precision: number;
}) {
  const [params, setParams] = useSearchParams();
  const path = (params.get('drill') ?? '').split(',').filter(Boolean);
  const trail = resolvePath(result, path);
  const current = trail.at(-1);
  const currency = result.currency;
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const node of result.tree_view ?? []) {
      if (node.node_kind === 'account' && node.account_id) map.set(node.account_id, node.name);
      if (node.node_kind === 'position' && node.asset_id) map.set(node.asset_id, node.name);
    }
    return map;
  }, [result]);
  if (!current) return <Alert color="blue">No analytics for this timeline</Alert>;
  const goTo = (nodes: readonly TTreeNode[]) => {
    const next = new URLSearchParams(params);
    const ids = nodes.slice(1).map((node) => node.node_id);
    if (ids.length > 0) next.set('drill', ids.join(','));
    else next.delete('drill');
    setParams(next);
  };
  const children = childNodes(result, current.node_id);
  const columns = nodeColumns(view, result);
  const display = { currency, precision, missingNote: null };
  const childScopes = new Set(children.map((child) => JSON.stringify(scopeOfNode(child))));
  const isChildRow = (row: { scope_kind: string; scope_id: string }) =>
    childScopes.has(JSON.stringify({ scope_kind: row.scope_kind, scope_id: row.scope_id }));
  const currentScope = scopeOfNode(current);

  return (
    <Stack gap="md">
      <Box component="nav" aria-label="Drill-down">
        <Breadcrumbs>
          {trail.map((node, index) =>
            index === trail.length - 1 ? (
              <Text key={node.node_id} size="sm" fw={600}>
                {node.name}
              </Text>
            ) : (
              <Anchor
                key={node.node_id}
                size="sm"
                component="button"
                type="button"
                onClick={() => goTo(trail.slice(0, index + 1))}
              >
                {node.name}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </Box>
      <DataTable
        caption={`${TITLES[view]} of ${current.name}`}
        rows={[current, ...children]}
        columns={columns}
        rowKey={(node) => node.node_id}
        currency={currency}
        precision={precision}
        name={(node) =>
          node === current ? (
            <Text size="sm" fw={700}>
              {node.name}
            </Text>
          ) : (
            <UnstyledButton
              onClick={() => goTo([...trail, node])}
              aria-label={`Open ${node.name}`}
              c="var(--mantine-color-anchor)"
              fz="sm"
            >
              {node.name}
            </UnstyledButton>
          )
        }
      />
      {(view === 'value' || view === 'value-change') && (
        <>
          <Title order={2} size="h4">
            {current.name} by period
          </Title>
          <PeriodChart
            title={`${current.name} by period`}
            currency={currency}
            precision={precision}
            data={{
              series: [
                view === 'value'
                  ? { key: 'value', label: 'Value at end' }
                  : { key: 'value', label: 'Market change' },
              ],
              points: valueRowsOf(result, currentScope).map((row) => ({
                period: row.end,
                value: view === 'value' ? row.value_end : row.market_change,
              })),
              stacked: false,
            }}
          />
          <DataTable
            caption={`${current.name} by period`}
            rows={valueRowsOf(result, currentScope)}
            columns={PERIOD_COLUMNS[view]}
            rowKey={(row) => String(row.period)}
            currency={currency}
            precision={precision}
          />
          <AnalyticsPivot
            rows={(result.value_view ?? []).filter(isChildRow)}
            catalogue={VALUE_PIVOT_CATALOGUE as unknown as TPivotCatalogue<TValueRow>}
            initial={{
              rows: 'scope',
              columns: 'period',
              value: view === 'value' ? 'value_end' : 'market_change',
            }}
            display={display}
          />
        </>
      )}
      {view === 'income' && (
        <>
          <Title order={2} size="h4">
            {current.name} by category
          </Title>
          <PeriodChart
            title={`${current.name} income by period`}
            currency={currency}
            precision={precision}
            data={incomeBars(incomeRowsOf(result, currentScope))}
          />
          <DataTable
            caption={`${current.name} by category`}
            rows={incomeByCategory(incomeRowsOf(result, currentScope))}
            columns={[
              { label: 'Category', get: (row) => row.category, format: 'text' },
              { label: 'Kind', get: (row) => row.kind, format: 'text' },
              { label: 'Amount', get: (row) => row.amount, format: 'money' },
            ]}
            rowKey={(row) => `${row.kind}:${row.category}`}
            currency={currency}
            precision={precision}
          />
          <AnalyticsPivot
            rows={incomeRowsOf(result, currentScope)}
            catalogue={
              INCOME_PIVOT_CATALOGUE as unknown as TPivotCatalogue<(typeof result.income_view & {})[number]>
            }
            initial={{ rows: 'category', columns: 'period', value: 'amount' }}
            display={display}
          />
        </>
      )}
      {view === 'position' && (
        <AnalyticsPivot
          rows={(result.position_view ?? []).filter((row) => {
            if (current.node_kind === 'position')
              return row.account_id === current.account_id && row.asset_id === current.asset_id;
            return current.node_kind === 'repository' || subtreeAccounts(result, current).has(row.account_id);
          })}
          catalogue={positionCatalogue(names)}
          initial={{ rows: 'asset', columns: 'account', value: 'position_close' }}
          display={display}
        />
      )}
    </Stack>
  );
}

/** One analytics page; routes open it only with the analytics debug-tabs flag (analytics-debug-flag.ts). */
export function AnalyticsViewPage({ view }: { view: TAnalyticsView }) {
  const { repository, isLoading } = useCurrentRepository();
  const today = useToday();
  const { timeline, setTimeline } = useTimelineSettings(repository);
  const analytics = useDashboardAnalytics(repository?.id, timeline, DATASETS[view]);
  const response = analytics.response;
  const result = response?.status === 'done' ? analyticsResult(response) : null;
  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h3">
        {TITLES[view]}
      </Title>
      {repository && (
        <Paper withBorder p="sm">
          <TimelineControls
            value={timeline}
            onChange={setTimeline}
            currencies={[]}
            repositoryCurrency={repository.currency}
            today={today}
          />
        </Paper>
      )}
      {analytics.isPending && repository && (
        <Progress
          value={analytics.progress ? analytics.progress.progress * 100 : 100}
          animated={!analytics.progress}
          striped={!analytics.progress}
          size="xs"
          aria-label="Analytics progress"
        />
      )}
      {isLoading ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : !repository ? (
        <Text c="dimmed">Create or pick a repository in the header to see its analytics.</Text>
      ) : analytics.error && !response ? (
        <Alert color="red">{analytics.error}</Alert>
      ) : !response ? (
        <Center py="xl">
          <Loader aria-label="Computing analytics" />
        </Center>
      ) : !result ? (
        <Alert color={response.status === 'error' ? 'red' : 'blue'}>{response.message}</Alert>
      ) : (
        <ViewBody view={view} result={result} precision={timeline.precision} />
      )}
    </Stack>
  );
}
