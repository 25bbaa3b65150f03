import { Alert, Button, FileInput, Group, Progress, Stack, Table, Text, Textarea } from '@mantine/core';
import { EXTRA_COLUMNS, TEMPLATE_COLUMNS } from '@strata/core/transactions/csv-template';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { TaskFailedError, waitForTask } from '../../tasks/index.ts';
import {
  followTransactionsImport,
  readTransactionsImport,
  startTransactionsImport,
} from '../api/transactions.ts';
import { downloadText } from '../download-text.ts';
import { importErrors, type TImportError } from '../import-errors.ts';
import { importProgressOf, type TImportProgressView } from '../import-progress.ts';

/** The dialog is watched while it is open, so it polls far more often than the task list's 30 s (seed §9). */
const IMPORT_POLL_INTERVAL_MS = 1000;

function fieldErrorsOf(result: Record<string, unknown> | null): Record<string, string[]> | undefined {
  const fieldErrors = result?.fieldErrors;
  return typeof fieldErrors === 'object' && fieldErrors !== null
    ? (fieldErrors as Record<string, string[]>)
    : undefined;
}

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
 * Import of the CSV template from a file or a paste, as a background task whose progress (rows checked,
 * then written) fills a bar. The server checks every row before writing any, so a bad file is listed by
 * line and field and nothing is imported.
 */
export function ImportTransactionsForm({ repositoryId, onImported }: TImportTransactionsOptions) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<TImportError[]>([]);
  const [isImporting, setImporting] = useState(false);
  const [progress, setProgress] = useState<TImportProgressView | null>(null);
  // Closing the dialog stops the polling (the import itself goes on and still lands all-or-nothing).
  const polling = useRef<AbortController | null>(null);
  // The stream and the poll both report; a late poll must not move the bar back.
  const advance = (next: TImportProgressView) =>
    setProgress((previous) => (previous && previous.percent > next.percent ? previous : next));
  useEffect(() => () => polling.current?.abort(), []);

  const run = async () => {
    const csv = file ? await file.text() : text;
    setImporting(true);
    setErrors([]);
    setProgress(null);
    const controller = new AbortController();
    polling.current = controller;
    let unfollow = () => {};
    try {
      const started = await startTransactionsImport(repositoryId, csv);
      advance(importProgressOf(started));
      unfollow = followTransactionsImport(started.id, (reported) =>
        advance(importProgressOf({ status: 'running', progress: reported })),
      );
      const task = await waitForTask(started.id, {
        readTask: readTransactionsImport,
        intervalMs: IMPORT_POLL_INTERVAL_MS,
        signal: controller.signal,
        onPoll: (polled) => advance(importProgressOf(polled)),
      });
      const message = task.result?.message;
      notifications.success(typeof message === 'string' ? message : 'Transactions imported');
      onImported();
    } catch (error) {
      if (controller.signal.aborted) return;
      const fieldErrors =
        error instanceof TaskFailedError
          ? fieldErrorsOf(error.task.result)
          : isApiError(error)
            ? error.fieldErrors
            : undefined;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) setErrors(importErrors(fieldErrors));
      else notifyError(error);
    } finally {
      unfollow();
      if (!controller.signal.aborted) {
        setImporting(false);
        setProgress(null);
      }
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Columns: {TEMPLATE_COLUMNS.join(', ')}; a third and fourth entry's amount and asset go in{' '}
        {EXTRA_COLUMNS.join(', ')} after description. Accounts and assets are named by name or ticker; an
        exported file imports as it is.
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
        <Stack gap={4}>
          <Text size="sm">Importing… every row is checked before anything is written.</Text>
          <Progress
            value={progress?.percent ?? 0}
            animated
            striped
            aria-label="Import progress"
            transitionDuration={200}
          />
          <Text size="xs" c="dimmed" data-testid="import-progress">
            {progress?.label ?? 'Starting…'}
          </Text>
        </Stack>
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
            downloadText('transactions-template.csv', `${TEMPLATE_COLUMNS.join(',')}\n`, 'text/csv')
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
