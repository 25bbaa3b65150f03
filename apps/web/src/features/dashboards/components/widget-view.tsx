import { Box, Divider, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { TAnalyticsResult } from '@strata/core/analytics/analytics-types';
import type { TWidget } from '@strata/core/dashboards/dashboard-rules';
import {
  commitmentRows,
  formatMoney,
  formatPercent,
  formatRatio,
  incomeByCategory,
  irrMoicRows,
  valueByAccount,
  valueChangeSnapshot,
  valueHistory,
} from '../widgets/widget-data.ts';

interface TWidgetProps {
  result: TAnalyticsResult;
  currency: string;
}

function Snapshot({ result, currency }: TWidgetProps) {
  return (
    <Stack gap={4}>
      {valueChangeSnapshot(result).map((line) => (
        <Group key={line.label} justify="space-between" pl={line.isTotal ? 0 : 'md'}>
          <Text size="sm" fw={line.isTotal ? 700 : 400}>
            {line.label}
          </Text>
          <Text size="sm" fw={line.isTotal ? 700 : 400} ff="monospace" data-value={line.value ?? ''}>
            {formatMoney(line.value, currency)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Shares({ result, currency, isPie }: TWidgetProps & { isPie: boolean }) {
  const rows = valueByAccount(result);
  return (
    <Stack gap={6}>
      {rows.map((row) => (
        <Box key={row.id}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" truncate="end">
              {row.name}
            </Text>
            <Text size="sm" ff="monospace" data-value={row.value ?? ''}>
              {isPie ? formatPercent(row.share) : formatMoney(row.value, currency)}
            </Text>
          </Group>
          <Progress value={(row.share ?? 0) * 100} size="sm" aria-label={`${row.name} share`} />
        </Box>
      ))}
    </Stack>
  );
}

function Bars({ bars, currency }: { bars: ReturnType<typeof valueHistory>; currency: string }) {
  const top = Math.max(1, ...bars.map((bar) => Math.abs(bar.value ?? 0)));
  return (
    <Group gap={2} align="flex-end" h={140} wrap="nowrap">
      {bars.map((bar) => (
        <Box
          key={bar.label}
          title={`${bar.label}: ${formatMoney(bar.value, currency)}`}
          data-value={bar.value ?? ''}
          style={{
            flex: 1,
            height: `${Math.max(2, (Math.abs(bar.value ?? 0) / top) * 100)}%`,
            background: bar.value === null ? 'var(--mantine-color-gray-4)' : 'var(--mantine-color-blue-6)',
            borderRadius: 2,
          }}
        />
      ))}
    </Group>
  );
}

function IncomeTable({ result, currency }: TWidgetProps) {
  return (
    <Table fz="sm">
      <Table.Tbody>
        {incomeByCategory(result).map((row) => (
          <Table.Tr key={row.label}>
            <Table.Td>{row.label}</Table.Td>
            <Table.Td ta="right" ff="monospace" data-value={row.value ?? ''}>
              {formatMoney(row.value, currency)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function IrrMoic({ result }: TWidgetProps) {
  return (
    <Table fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Scope</Table.Th>
          <Table.Th ta="right">IRR</Table.Th>
          <Table.Th ta="right">MOIC</Table.Th>
          <Table.Th ta="right">DPI</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {irrMoicRows(result).map((row) => (
          <Table.Tr key={`${row.scope_kind}:${row.scope_id}`}>
            <Table.Td>{row.scope_name}</Table.Td>
            <Table.Td
              ta="right"
              ff="monospace"
              title={row.irr_reason ?? undefined}
              data-value={row.irr ?? ''}
            >
              {row.irr === null ? 'not defined' : formatPercent(row.irr)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace" data-value={row.moic ?? ''}>
              {formatRatio(row.moic)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatRatio(row.dpi)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Commitments({ result, currency }: TWidgetProps) {
  return (
    <Table fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fund</Table.Th>
          <Table.Th ta="right">Commitment</Table.Th>
          <Table.Th ta="right">Called</Table.Th>
          <Table.Th ta="right">Unfunded</Table.Th>
          <Table.Th ta="right">Distributions</Table.Th>
          <Table.Th ta="right">NAV</Table.Th>
          <Table.Th ta="right">TVPI</Table.Th>
          <Table.Th ta="right">IRR</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {commitmentRows(result).map((row) => (
          <Table.Tr key={row.asset_id ?? 'total'} fw={row.asset_id === null ? 700 : undefined}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td ta="right">{formatMoney(row.commitment, currency)}</Table.Td>
            <Table.Td ta="right">{formatMoney(row.called, currency)}</Table.Td>
            <Table.Td ta="right" data-value={row.unfunded}>
              {formatMoney(row.unfunded, currency)}
            </Table.Td>
            <Table.Td ta="right">{formatMoney(row.distributions, currency)}</Table.Td>
            <Table.Td ta="right">{formatMoney(row.nav, currency)}</Table.Td>
            <Table.Td ta="right">{formatRatio(row.tvpi)}</Table.Td>
            <Table.Td ta="right">{row.irr === null ? 'not defined' : formatPercent(row.irr)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One widget of a dashboard; kinds not drawn yet say so rather than show made-up numbers. */
export function WidgetView({
  widget,
  result,
  currency,
}: {
  widget: TWidget;
  result: TAnalyticsResult;
  currency: string;
}) {
  if (widget.kind === 'Section Delimiter') {
    return <Divider label={String(widget.settings.title ?? '')} labelPosition="left" my="xs" />;
  }
  const body = (() => {
    switch (widget.kind) {
      case 'Value Change Snapshot':
        return <Snapshot result={result} currency={currency} />;
      case 'Value Table':
        return <Shares result={result} currency={currency} isPie={false} />;
      case 'Value Pie':
        return <Shares result={result} currency={currency} isPie />;
      case 'Value History Bars':
        return <Bars bars={valueHistory(result)} currency={currency} />;
      case 'Income Table':
        return <IncomeTable result={result} currency={currency} />;
      case 'IRR and MOIC':
        return <IrrMoic result={result} currency={currency} />;
      case 'Commitments':
        return <Commitments result={result} currency={currency} />;
      default:
        return (
          <Text size="sm" c="dimmed">
            This widget kind is not drawn yet.
          </Text>
        );
    }
  })();
  return (
    <Stack gap="xs" h="100%">
      <Title order={3} size="h5">
        {widget.kind}
      </Title>
      <Box style={{ flex: 1, overflow: 'auto' }}>{body}</Box>
    </Stack>
  );
}
