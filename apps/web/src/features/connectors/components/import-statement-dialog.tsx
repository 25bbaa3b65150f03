import { Alert, Button, FileInput, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { LINKED_DATA_MESSAGES, LINKED_LOADERS, type TLinkedLoader } from '@strata/contracts/linked-data';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { readTask, TaskFailedError, waitForTask } from '../../tasks/index.ts';
import {
  createStatementUpload,
  linkedDataKey,
  postStatementFile,
  startManualLoad,
} from '../api/connectors.ts';
import { DEFAULT_CSV_DRAFT, draftProblem, profileOf, type TCsvDraft } from '../csv-mapping.ts';
import {
  guessLoader,
  LOADER_ACCEPT,
  LOADER_LABELS,
  loadCountsText,
  loadOutcomeOf,
  loadProgressOf,
  MANUAL_LOADER_ACCEPT,
  OFX_IMPORT_ACCEPT,
  ofxImportProblem,
  ofxLoaderOf,
  type TLoadOutcome,
  type TLoadProgressView,
} from '../statement-import.ts';
import { CsvMappingFields } from './csv-mapping-fields.tsx';

/** The dialog is watched while open, so it polls far more often than the task list's 30 s (seed §9). */
const LOAD_POLL_INTERVAL_MS = 1000;
/** Seed §8: what the upload errors add. */
export const UPLOAD_RETRY_HINT = 'Try to import the account again. If the error repeats, contact support';
export const UPLOAD_FAILED_MESSAGE = 'Failed to upload file';

export interface TImportStatementProps {
  repositoryId: string;
  /** 'ofx': the OFX/QFX file import; 'manual': the manual file loader with its loader choice. */
  mode: 'ofx' | 'manual';
  /** Load into this connector's accounts (its Import action); else the load makes a new connector. */
  connector?: { id: string; name: string };
  onClose?: () => void;
}

export function openImportStatement(props: Omit<TImportStatementProps, 'onClose'>): void {
  const title =
    props.mode === 'ofx'
      ? props.connector
        ? `Import OFX/QFX file into ${props.connector.name}`
        : 'Import OFX/QFX file'
      : 'Load a statement file';
  modals.open({
    id: 'import-statement',
    kind: 'dialog',
    size: props.mode === 'manual' ? 'lg' : 'md',
    title,
    render: ({ close }) => <ImportStatementForm {...props} onClose={() => void close()} />,
  });
}

type TPhase =
  | { kind: 'edit' }
  | { kind: 'running'; progress: TLoadProgressView }
  | { kind: 'done'; outcome: TLoadOutcome }
  | { kind: 'failed'; message: string };

/**
 * Uploads a statement file and loads it (linked seed §7): `POST file_upload` (manual_sync), the multipart
 * POST of the file, `POST linked_data/connectors/manual` with the loader, then the load task's progress until
 * it ends with the sync event's counts — or the reason the file was refused.
 */
export function ImportStatementForm({ repositoryId, mode, connector, onClose }: TImportStatementProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const [loader, setLoader] = useState<TLinkedLoader>('ofx');
  const [draft, setDraft] = useState<TCsvDraft>(DEFAULT_CSV_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<TPhase>({ kind: 'edit' });
  // Closing the dialog stops following the task (the load itself goes on on the server).
  const polling = useRef<AbortController | null>(null);
  useEffect(() => () => polling.current?.abort(), []);

  const isCsv = mode === 'manual' && loader === 'csv';
  useEffect(() => {
    if (!isCsv || !file) {
      setBytes(null);
      return;
    }
    let isCurrent = true;
    void file.arrayBuffer().then((buffer) => {
      if (isCurrent) setBytes(new Uint8Array(buffer));
    });
    return () => {
      isCurrent = false;
    };
  }, [file, isCsv]);

  const pick = (picked: File | null) => {
    setFile(picked);
    setProblem(null);
    setPhase({ kind: 'edit' });
    if (picked && mode === 'manual') {
      const guessed = guessLoader(picked.name);
      if (guessed) setLoader(guessed);
    }
  };

  const checkBeforeSending = (): string | null => {
    if (mode === 'ofx') return ofxImportProblem(file);
    if (!file) return LINKED_DATA_MESSAGES.NOTHING_TO_IMPORT;
    return isCsv ? draftProblem(draft) : null;
  };

  const run = async () => {
    const refusal = checkBeforeSending();
    if (refusal || !file) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    setPhase({ kind: 'running', progress: { percent: 2, label: 'Uploading…' } });
    const controller = new AbortController();
    polling.current = controller;
    let target: Awaited<ReturnType<typeof createStatementUpload>>;
    try {
      target = await createStatementUpload();
    } catch (error) {
      setPhase({ kind: 'edit' });
      notifications.error(LINKED_DATA_MESSAGES.UPLOAD_FAILED, {
        description: error instanceof Error && error.message ? error.message : UPLOAD_RETRY_HINT,
      });
      return;
    }
    const key = target?.fields?.key;
    if (!target?.url || !target.fields || !key) {
      setPhase({ kind: 'edit' });
      notifications.error(LINKED_DATA_MESSAGES.NO_UPLOAD);
      return;
    }
    try {
      await postStatementFile({ url: target.url, fields: target.fields }, file, file.name);
    } catch {
      setPhase({ kind: 'edit' });
      notifications.error(UPLOAD_FAILED_MESSAGE, { description: UPLOAD_RETRY_HINT });
      return;
    }
    try {
      const chosen: TLinkedLoader = mode === 'ofx' ? ofxLoaderOf(file.name) : loader;
      const { task_id } = await startManualLoad({
        repository_id: repositoryId,
        file_key: key,
        loader: chosen,
        ...(connector ? { connector_id: connector.id } : {}),
        ...(chosen === 'csv' ? { csv_profile: profileOf(draft) } : {}),
      });
      const task = await waitForTask(task_id, {
        readTask,
        intervalMs: LOAD_POLL_INTERVAL_MS,
        signal: controller.signal,
        onPoll: (polled) => setPhase({ kind: 'running', progress: loadProgressOf(polled) }),
      });
      const outcome = loadOutcomeOf(task.result);
      setPhase({ kind: 'done', outcome });
      notifications.success(`Imported ${file.name}`, {
        description: loadCountsText({
          added: outcome.added,
          skipped_duplicate: outcome.skippedDuplicate,
          failed: outcome.failed,
        }),
        link: { to: '/linked-transactions', label: 'Open' },
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      setPhase({ kind: 'failed', message });
      if (!(error instanceof TaskFailedError)) notifyError(error);
    } finally {
      void queryClient.invalidateQueries({ queryKey: linkedDataKey(repositoryId) });
    }
  };

  const isRunning = phase.kind === 'running';
  return (
    <Stack gap="sm">
      {mode === 'ofx' ? (
        <Text size="sm">
          A bank, credit-card or brokerage statement downloaded as OFX or QFX (Quicken). Transactions already
          imported are skipped.
        </Text>
      ) : (
        <SegmentedControl
          aria-label="Loader"
          value={loader}
          onChange={(value) => setLoader(value as TLinkedLoader)}
          disabled={isRunning}
          data={LINKED_LOADERS.map((value) => ({ value, label: LOADER_LABELS[value] }))}
        />
      )}
      <FileInput
        label="Statement file"
        placeholder={mode === 'ofx' ? 'Pick a .ofx or .qfx file' : `Pick a ${LOADER_ACCEPT[loader]} file`}
        accept={mode === 'ofx' ? OFX_IMPORT_ACCEPT : MANUAL_LOADER_ACCEPT}
        clearable
        value={file}
        onChange={pick}
        disabled={isRunning}
      />
      {isCsv && bytes && <CsvMappingFields bytes={bytes} draft={draft} onChange={setDraft} />}
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      {phase.kind === 'running' && (
        <Stack gap={4}>
          <Progress
            value={phase.progress.percent}
            animated
            striped
            aria-label="Import progress"
            transitionDuration={200}
          />
          <Text size="xs" c="dimmed" data-testid="import-progress">
            {phase.progress.label}
          </Text>
        </Stack>
      )}
      {phase.kind === 'done' && (
        <Alert
          color={phase.outcome.failed > 0 ? 'yellow' : 'green'}
          title="Imported"
          data-testid="import-result"
        >
          <Text size="sm">
            {loadCountsText({
              added: phase.outcome.added,
              skipped_duplicate: phase.outcome.skippedDuplicate,
              failed: phase.outcome.failed,
            })}
          </Text>
          {phase.outcome.warnings.map((warning) => (
            <Text key={warning} size="xs" c="dimmed">
              {warning}
            </Text>
          ))}
        </Alert>
      )}
      {phase.kind === 'failed' && (
        <Alert color="red" title="Nothing was imported">
          <Text size="sm">{phase.message}</Text>
        </Alert>
      )}
      <Group justify="flex-end">
        {phase.kind === 'done' ? (
          <>
            <Button variant="default" component={Link} to="/linked-transactions" onClick={onClose}>
              Open transactions
            </Button>
            <Button onClick={onClose}>Done</Button>
          </>
        ) : (
          <Button onClick={() => void run()} loading={isRunning}>
            Import
          </Button>
        )}
      </Group>
    </Stack>
  );
}
