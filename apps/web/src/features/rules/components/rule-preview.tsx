import { Alert, Badge, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import type { TPreviewRow, TPreviewRulesBody } from '@strata/contracts/rules';
import { useState } from 'react';
import { useRulePreview } from '../api/rules.ts';

const OUTCOME = {
  changed: { label: 'Changes', color: 'blue' },
  mapped: { label: 'Maps', color: 'green' },
  failed: { label: 'Fails', color: 'red' },
  unchanged: { label: 'No change', color: 'gray' },
} as const;

const FIELD_LABELS: Record<string, string> = {
  tag_ids: 'Tags',
  category: 'Category',
  subcategory: 'Subcategory',
  counterparty: 'Counterparty',
  amount: 'Amount',
  mapping_status: 'Mapping status',
};

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? `${value.length} tags`
      : String(value);

function Effect({ row, assetName }: { row: TPreviewRow; assetName: (id: string) => string }) {
  if (row.reason)
    return (
      <Text size="xs" c="red">
        {row.reason}
      </Text>
    );
  return (
    <Stack gap={2}>
      {row.changes
        .filter((change) => change.field !== 'mapping_status' || !row.transaction)
        .map((change) => (
          <Text key={change.field} size="xs">
            {FIELD_LABELS[change.field] ?? change.field}: {shown(change.before)} → {shown(change.after)}
          </Text>
        ))}
      {row.transaction && (
        <Text size="xs">
          {row.transaction.type} {row.transaction.date}:{' '}
          {row.transaction.entries
            .map((entry) => `${assetName(entry.account_id)} ${entry.amount}`)
            .join(', ')}
        </Text>
      )}
    </Stack>
  );
}

/** Each linked transaction the rule matches, before and after, by page; computed by the server's engine. */
export function RulePreview({
  body,
  assetName,
}: {
  body: Omit<TPreviewRulesBody, 'page_no' | 'page_size'>;
  assetName: (id: string) => string;
}) {
  const [page, setPage] = useState(1);
  const pageSize = 50;
  const preview = useRulePreview({ ...body, page_no: page, page_size: pageSize });
  if (preview.isPending) return <Loader aria-label="Loading preview" />;
  if (preview.error) return <Alert color="red">{preview.error.message}</Alert>;
  const { data, meta } = preview.data;
  if (meta.total === 0) return <Text c="dimmed">No linked transactions match these criteria.</Text>;
  return (
    <Stack gap="sm" data-testid="rule-preview">
      <Text size="sm">
        {meta.total} matching transaction{meta.total === 1 ? '' : 's'}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Counterparty</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Change</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
                <Table.Td>{row.account_name}</Table.Td>
                <Table.Td>{row.counterparty}</Table.Td>
                <Table.Td>{row.description}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {row.amount}
                </Table.Td>
                <Table.Td miw={100}>
                  <Badge
                    size="sm"
                    variant="light"
                    color={OUTCOME[row.outcome].color}
                    style={{ overflow: 'visible' }}
                  >
                    {OUTCOME[row.outcome].label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Effect row={row} assetName={assetName} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {meta.total > pageSize && (
        <Group justify="center">
          <Pagination total={Math.ceil(meta.total / pageSize)} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
