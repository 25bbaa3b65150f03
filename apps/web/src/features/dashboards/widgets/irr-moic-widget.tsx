import { Table, Text } from '@mantine/core';
import { PERIOD_RETURN_CAPTION, splitPeriodReturn, type TReturnRow } from './return-widgets.ts';
import {
  EmptyState,
  FitTable,
  IrrCaption,
  NumberText,
  type TWidgetViewProps,
  WidgetRoot,
} from './widget-parts.tsx';

/**
 * IRR and MOIC: IRR, MOIC, DPI and RVPI of the repository and each scope; an undefined IRR says why, and
 * one over less than a year says it is the period's return.
 */
export function IrrMoicWidget({ data, display }: TWidgetViewProps<TReturnRow[]>) {
  const values = data.map(({ id, irr, moic, dpi, rvpi }) => ({ id, irr, moic, dpi, rvpi }));
  const captions = data.map((row) => splitPeriodReturn(row.irr_caption));
  const hasPeriodReturn = captions.some((caption) => caption.isPeriodReturn);
  return (
    <WidgetRoot display={display} values={values}>
      {data.length === 0 ? (
        <EmptyState>No returns in this timeline</EmptyState>
      ) : (
        <FitTable horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scope</Table.Th>
              <Table.Th ta="right">IRR</Table.Th>
              <Table.Th ta="right">MOIC</Table.Th>
              <Table.Th ta="right">DPI</Table.Th>
              <Table.Th ta="right">RVPI</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row, index) => (
              <Table.Tr
                key={`${row.scope_kind}:${row.id}`}
                fw={row.scope_kind === 'repository' ? 700 : undefined}
              >
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">
                  <NumberText value={row.irr} format="percent" view={display} note={row.irr_note} />
                  {captions[index]?.isPeriodReturn && <abbr title={PERIOD_RETURN_CAPTION}>*</abbr>}
                  <IrrCaption caption={captions[index]?.rest ?? null} />
                </Table.Td>
                <Table.Td ta="right">
                  <NumberText value={row.moic} format="multiple" view={display} />
                </Table.Td>
                <Table.Td ta="right">
                  <NumberText value={row.dpi} format="multiple" view={display} />
                </Table.Td>
                <Table.Td ta="right">
                  <NumberText value={row.rvpi} format="multiple" view={display} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </FitTable>
      )}
      {hasPeriodReturn && (
        <Text size="xs" c="dimmed" mt={4}>
          * {PERIOD_RETURN_CAPTION}: the flows span less than a year.
        </Text>
      )}
    </WidgetRoot>
  );
}
