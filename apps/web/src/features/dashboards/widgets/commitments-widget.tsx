import { Table } from '@mantine/core';
import type { TCommitmentLine } from './return-widgets.ts';
import {
  EmptyState,
  IrrCaption,
  NumberText,
  type TWidgetViewProps,
  VISIBLE_SCROLLBAR,
  WidgetRoot,
} from './widget-parts.tsx';

const MONEY = [
  ['commitment', 'Commitment'],
  ['called', 'Called'],
  ['unfunded', 'Unfunded'],
  ['distributions', 'Distributions'],
  ['nav', 'NAV'],
] as const;
const MULTIPLES = [
  ['dpi', 'DPI'],
  ['rvpi', 'RVPI'],
  ['tvpi', 'TVPI'],
] as const;

/** Commitments: per private fund, commitment to NAV, multiples and IRR since inception; the total last. */
export function CommitmentsWidget({ data, display }: TWidgetViewProps<TCommitmentLine[]>) {
  const values = data.map((row) => ({
    asset_id: row.asset_id,
    ...Object.fromEntries([...MONEY, ...MULTIPLES].map(([key]) => [key, row[key]])),
    irr: row.irr,
  }));
  return (
    <WidgetRoot display={display} values={values}>
      {data.length === 0 ? (
        <EmptyState>No commitments yet</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={760} scrollAreaProps={VISIBLE_SCROLLBAR}>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fund</Table.Th>
                {[...MONEY, ...MULTIPLES].map(([key, label]) => (
                  <Table.Th key={key} ta="right">
                    {label}
                  </Table.Th>
                ))}
                <Table.Th ta="right">IRR</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row) => {
                const weight = row.isTotal ? 700 : undefined;
                return (
                  <Table.Tr key={row.asset_id ?? 'total'} fw={weight}>
                    <Table.Td>{row.name}</Table.Td>
                    {MONEY.map(([key]) => (
                      <Table.Td key={key} ta="right">
                        <NumberText value={row[key]} view={display} fw={weight} />
                      </Table.Td>
                    ))}
                    {MULTIPLES.map(([key]) => (
                      <Table.Td key={key} ta="right">
                        <NumberText value={row[key]} format="multiple" view={display} fw={weight} />
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">
                      <NumberText
                        value={row.irr}
                        format="percent"
                        view={display}
                        note={row.irr_note}
                        fw={weight}
                      />
                      <IrrCaption caption={row.irr_caption} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </WidgetRoot>
  );
}
