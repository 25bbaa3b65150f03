// The asset's returns on its Values tab (issue 18 item 9): IRR, MOIC, DPI and RVPI of the asset over the
// tab's timeline, then of each position when it is held in several accounts. A return over less than a year
// is the period's return, not annualised (GIPS), and says so; an undefined IRR says why.
import { Table, Text, Tooltip } from '@mantine/core';
import {
  formatMultiple,
  formatPercent,
  irrReasonText,
  PERIOD_RETURN_CAPTION,
} from '../../../dashboards/index.ts';
import type { TAssetReturn } from '../../lib/asset-values.ts';

function IrrCell({ row }: { row: TAssetReturn }) {
  if (row.irr === null) {
    const why = irrReasonText(row.irr_reason);
    return (
      <Tooltip label={why} multiline maw={320} withArrow>
        <Text component="span" size="sm" ff="monospace" aria-label={why}>
          {formatPercent(null)}
        </Text>
      </Tooltip>
    );
  }
  return (
    <Text component="span" size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-value={row.irr}>
      {formatPercent(row.irr)}
      {row.is_irr_annualized === false && <abbr title={PERIOD_RETURN_CAPTION}>*</abbr>}
    </Text>
  );
}

const multiple = (value: number | null) => (
  <Text component="span" size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
    {formatMultiple(value)}
  </Text>
);

export function AssetReturnsTable({ rows }: { rows: readonly TAssetReturn[] }) {
  const hasPeriodReturn = rows.some((row) => row.irr !== null && row.is_irr_annualized === false);
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table aria-label="Returns" fz="sm" horizontalSpacing="xs" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Returns</Table.Th>
            <Table.Th ta="right">IRR</Table.Th>
            <Table.Th ta="right">MOIC</Table.Th>
            <Table.Th ta="right">DPI</Table.Th>
            <Table.Th ta="right">RVPI</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} fw={row.isTotal ? 700 : undefined}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right">
                <IrrCell row={row} />
              </Table.Td>
              <Table.Td ta="right">{multiple(row.moic)}</Table.Td>
              <Table.Td ta="right">{multiple(row.dpi)}</Table.Td>
              <Table.Td ta="right">{multiple(row.rvpi)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {hasPeriodReturn && (
        <Text size="xs" c="dimmed" mt={4}>
          * {PERIOD_RETURN_CAPTION}: the flows span less than a year.
        </Text>
      )}
    </Table.ScrollContainer>
  );
}
