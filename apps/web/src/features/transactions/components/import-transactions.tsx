import { Alert, Button, FileInput, Group, Loader, Stack, Table, Text, Textarea } from '@mantine/core';
import { EXPORT_COLUMNS } from '@strata/core/transactions/csv-template';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { importTransactionsCsv } from '../api/transactions.ts';
import { downloadText } from '../download-text.ts';
import { importErrors, type TImportError } from '../import-errors.ts';

export interface TImportTransactionsOptions {
  repositoryId: string;
  onImported: () => void;
}

/** Opens the import dialog on the app's modal stack. */
export function openImportTransactions(options: TImportTransactionsOptions): void {
  modals.open({
    id: 'import-transactions',
    kind: 'dialog',
    size: 'lg',
    title: 'Import transactions',
    render: ({ close }) => (
      <ImportTransactionsForm
        {...options}
        onImported={() => {
          options.onImported();
          void close();
        }}
      />
    ),
  });
}

/**
 * Import of the CSV template from a file or a paste. The server checks every row before writing any, so a
 * bad file is listed by line and field and nothing is imported.
 */
export function ImportTransactionsForm({ repositoryId, onImported }: TImportTransactionsOptions) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<TImportError[]>([]);
  const [isImporting, setImporting] = useState(false);

  const run = async () => {
    const csv = file ? await file.text() : text;
    setImporting(true);
    setErrors([]);
    try {
      const answer = await importTransactionsCsv(repositoryId, csv);
      notifications.success(answer.message);
      onImported();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
        setErrors(importErrors(error.fieldErrors));
      } else notifyError(error);
    } finally {
      setImporting(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Columns: {EXPORT_COLUMNS.join(', ')}. Accounts and assets are named by name or ticker; an exported
        file imports as it is.
      </Text>
      <FileInput
        label="CSV file"
        placeholder="Pick a .csv file"
        accept=".csv,text/csv,text/plain"
        clearable
        value={file}
        onChange={(picked) => {
          setFile(picked);
          setErrors([]);
        }}
      />
      <Textarea
        label="Or paste the rows"
        autosize
        minRows={4}
        maxRows={12}
        disabled={file !== null}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setErrors([]);
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      {isImporting && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Importing… every row is checked before anything is written.</Text>
        </Group>
      )}
      {errors.length > 0 && (
        <Alert color="red" title="Nothing was imported">
          <Table fz="sm" aria-label="Import errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.slice(0, 100).map((error) => (
                <Table.Tr key={`${error.line}-${error.field}-${error.message}`}>
                  <Table.Td>{error.line ?? ''}</Table.Td>
                  <Table.Td>{error.field}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {errors.length > 100 && <Text size="sm">…and {errors.length - 100} more</Text>}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          onClick={() =>
            downloadText('transactions-template.csv', `${EXPORT_COLUMNS.join(',')}\n`, 'text/csv')
          }
        >
          Download template
        </Button>
        <Button
          onClick={() => void run().catch(notifyError)}
          loading={isImporting}
          disabled={file === null && text.trim() === ''}
        >
          Import
        </Button>
      </Group>
    </Stack>
  );
}
