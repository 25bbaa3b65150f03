import { Alert, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import {
  CSV_DATE_FORMATS,
  CSV_ENCODINGS,
  CSV_ROLE_LABELS,
  columnOptions,
  previewCsv,
  type TCsvDraft,
  type TCsvRole,
} from '../csv-mapping.ts';

const DELIMITERS = [
  { value: '', label: 'Guess' },
  { value: ',', label: 'Comma ,' },
  { value: ';', label: 'Semicolon ;' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe |' },
];

const THOUSANDS = [
  { value: '', label: 'None' },
  { value: ',', label: 'Comma ,' },
  { value: '.', label: 'Dot .' },
  { value: ' ', label: 'Space' },
  { value: "'", label: "Apostrophe '" },
];

export interface TCsvMappingFieldsProps {
  bytes: Uint8Array;
  draft: TCsvDraft;
  onChange: (draft: TCsvDraft) => void;
}

/**
 * The CSV mapping profile's fields (linked seed §7: columns, date format, decimal separator, sign or
 * inflow/outflow, encoding, header rows) and the first rows of the file as they map, read in the browser by
 * core's parser.
 */
export function CsvMappingFields({ bytes, draft, onChange }: TCsvMappingFieldsProps) {
  const options = useMemo(
    () =>
      columnOptions(bytes, {
        encoding: draft.encoding,
        delimiter: draft.delimiter,
        headerRows: draft.headerRows,
      }),
    [bytes, draft.encoding, draft.delimiter, draft.headerRows],
  );
  const preview = useMemo(() => previewCsv(bytes, draft), [bytes, draft]);
  const set = (patch: Partial<TCsvDraft>) => onChange({ ...draft, ...patch });
  // Which columns a header row names changes with the header rows: the old choices would not match.
  const setShape = (patch: Partial<TCsvDraft>) => onChange({ ...draft, ...patch, columns: {} });
  const columnSelect = (role: TCsvRole, isRequired = false) => (
    <Select
      key={role}
      label={CSV_ROLE_LABELS[role]}
      data={options}
      value={draft.columns[role] ?? null}
      onChange={(value) => set({ columns: { ...draft.columns, [role]: value ?? undefined } })}
      clearable={!isRequired}
      withAsterisk={isRequired}
      searchable
    />
  );
  const amountRoles: TCsvRole[] = draft.amountMode === 'signed' ? ['amount'] : ['inflow', 'outflow'];

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Encoding"
          data={[...CSV_ENCODINGS]}
          value={draft.encoding}
          onChange={(value) => value && setShape({ encoding: value })}
          allowDeselect={false}
        />
        <Select
          label="Delimiter"
          data={DELIMITERS}
          value={draft.delimiter}
          onChange={(value) => setShape({ delimiter: value ?? '' })}
          allowDeselect={false}
        />
        <NumberInput
          label="Header rows"
          min={0}
          max={50}
          value={draft.headerRows}
          onChange={(value) => setShape({ headerRows: typeof value === 'number' ? value : 0 })}
        />
        <Select
          label="Date format"
          data={[...CSV_DATE_FORMATS]}
          value={draft.dateFormat}
          onChange={(value) => value && set({ dateFormat: value })}
          allowDeselect={false}
        />
        <Select
          label="Decimal separator"
          data={[
            { value: '.', label: 'Dot 1234.56' },
            { value: ',', label: 'Comma 1234,56' },
          ]}
          value={draft.decimalSeparator}
          onChange={(value) => value && set({ decimalSeparator: value as '.' | ',' })}
          allowDeselect={false}
        />
        <Select
          label="Thousands separator"
          data={THOUSANDS}
          value={draft.thousandsSeparator}
          onChange={(value) => set({ thousandsSeparator: value ?? '' })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Amounts
        </Text>
        <SegmentedControl
          aria-label="Amounts"
          value={draft.amountMode}
          onChange={(value) => set({ amountMode: value as TCsvDraft['amountMode'] })}
          data={[
            { value: 'signed', label: 'One signed column' },
            { value: 'inflow-outflow', label: 'Inflow and outflow' },
          ]}
        />
        <SegmentedControl
          aria-label="Sign"
          value={draft.amountSign}
          onChange={(value) => set({ amountSign: value as TCsvDraft['amountSign'] })}
          data={[
            { value: 'as-is', label: 'Signs as written' },
            { value: 'invert', label: 'Flip signs' },
          ]}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {columnSelect('date', true)}
        {amountRoles.map((role) => columnSelect(role, draft.amountMode === 'signed'))}
        {columnSelect('payee')}
        {columnSelect('memo')}
        {columnSelect('fitId')}
        {columnSelect('checkNumber')}
      </SimpleGrid>
      <Stack gap={4} aria-label="Preview">
        <Text size="sm" fw={500}>
          Preview
        </Text>
        {preview.ok ? (
          <>
            <Table.ScrollContainer minWidth={320}>
              <Table fz="xs" striped aria-label="Preview rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Payee</Table.Th>
                    <Table.Th>Memo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((row, index) => (
                    // Preview rows have no id; their order is the file's.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the file's row order is the identity here
                    <Table.Tr key={index}>
                      <Table.Td>{row.date}</Table.Td>
                      <Table.Td ta="right">{row.amount}</Table.Td>
                      <Table.Td>{row.payee}</Table.Td>
                      <Table.Td>{row.memo}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {preview.failures.map((failure) => (
              <Text key={failure} size="xs" c="red">
                {failure}
              </Text>
            ))}
          </>
        ) : (
          <Alert color="yellow" p="xs">
            <Text size="sm">{preview.message}</Text>
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
