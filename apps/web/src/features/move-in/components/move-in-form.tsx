import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { TJournalImportPreview } from '@strata/contracts/journal-imports';
import type { TRepository } from '@strata/contracts/repositories';
import { guessFormat } from '@strata/core/journals/guess-format';
import type { TJournalFormat } from '@strata/core/journals/journal-types';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { abortTask, TaskFailedError, waitForTask } from '../../tasks/index.ts';
import {
  createMoveInUpload,
  postMoveInFile,
  previewMoveIn,
  readMoveIn,
  startMoveIn,
} from '../api/move-in.ts';
import { noticePlace, progressText } from '../move-in-texts.ts';

export const FORMAT_OPTIONS: { value: TJournalFormat; label: string }[] = [
  { value: 'ledger', label: 'ledger / hledger journal' },
  { value: 'beancount', label: 'beancount file' },
  { value: 'ghostfolio', label: 'Ghostfolio export (JSON)' },
  { value: 'wealthfolio', label: 'Wealthfolio activities (CSV)' },
  { value: 'portfolio_performance', label: 'Portfolio Performance file (XML)' },
];

/** The first characters the format is guessed from (the file itself is never read whole here). */
const GUESS_BYTES = 2000;

/** A held upload nobody will start is aborted (the server deletes its file when its time is up). */
function abortHeld(taskId: string | null) {
  if (taskId) void abortTask(taskId).catch(() => undefined);
}

/** The import's task is read every second while it runs (the screen shows its progress). */
const POLL_INTERVAL_MS = 1000;

type TTarget = 'new' | 'existing';
type TDone = { repositoryId: string; name: string; message: string };

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '').slice(0, 100) || 'Moved in';

/**
 * 'Move in': a file from another tool (ledger, beancount, Ghostfolio, Wealthfolio, Portfolio Performance) into a new repository or
 * one the user may write to; the preview first, then the import in the background with its progress.
 */
export function MoveInForm({
  repositories,
  currentRepositoryId,
  onImported,
  onOpen,
}: {
  /** The repositories the user may write to (owner or editor, not read-only). */
  repositories: TRepository[];
  currentRepositoryId: string | null;
  /** After the import (a new repository is made on the way): refresh what lists repositories. */
  onImported?: () => void;
  onOpen: (repositoryId: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<TJournalFormat>('ledger');
  const [target, setTarget] = useState<TTarget>(repositories.length > 0 ? 'existing' : 'new');
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState('USD');
  const [existingId, setExistingId] = useState<string | null>(
    repositories.find((r) => r.id === currentRepositoryId)?.id ?? repositories[0]?.id ?? null,
  );
  const [preview, setPreview] = useState<TJournalImportPreview | null>(null);
  /** The uploaded file's import, held by the server for this preview until Import starts it. */
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [isSkipping, setSkipping] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [done, setDone] = useState<TDone | null>(null);
  const polling = useRef<AbortController | null>(null);
  useEffect(() => () => polling.current?.abort(), []);

  const held = useRef<string | null>(null);
  const holdUpload = (taskId: string | null) => {
    held.current = taskId;
    setUploadId(taskId);
  };
  const dropUpload = () => {
    abortHeld(held.current);
    holdUpload(null);
  };
  useEffect(() => () => abortHeld(held.current), []);

  // A preview belongs to its upload, made for this file, format and target: changing any needs a new one.
  const reset = () => {
    setPreview(null);
    dropUpload();
    setDone(null);
    setSkipping(false);
  };

  const pick = async (picked: File | null) => {
    setFile(picked);
    reset();
    if (!picked) return;
    const head = await picked.slice(0, GUESS_BYTES).text();
    setFormat(guessFormat(picked.name, head));
    setName(baseName(picked.name));
  };

  const existing = repositories.find((r) => r.id === existingId) ?? null;
  const isReady = file !== null && (target === 'new' ? name.trim() !== '' : existing !== null);

  // The file goes to the store as it is (streamed by the browser, never a JSON string: an 82 MB journal
  // was held three times over by the API), then the server previews it from there.
  const runPreview = async () => {
    if (!file) return;
    setBusy(true);
    reset();
    try {
      setProgress('Uploading the file…');
      const upload = await createMoveInUpload({
        ...(target === 'new'
          ? { new_repository: { name: name.trim(), currency } }
          : { repository_id: existing?.id as string }),
        format,
        preview_first: true,
      });
      await postMoveInFile(upload, file);
      setProgress('Reading the file…');
      held.current = upload.task_id;
      setPreview(await previewMoveIn(upload.task_id));
      holdUpload(upload.task_id);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const runImport = async () => {
    setBusy(true);
    const controller = new AbortController();
    polling.current = controller;
    const progressId = `move-in-${Date.now()}`;
    try {
      // The upload previewed starts: into a new repository, the server makes it in the import's own
      // transaction, so a file that fails leaves no empty repository behind (issue 28).
      // Its upload is spent whatever follows: another import needs another preview.
      holdUpload(null);
      const started = await startMoveIn(uploadId as string, { skip_unmapped: isSkipping });
      const into = target === 'new' ? name.trim() : (existing as TRepository).name;
      notifications.progress(progressId, `Moving ${file?.name ?? 'the file'} into ${into}`);
      const task = await waitForTask(started.id, {
        readTask: readMoveIn,
        intervalMs: POLL_INTERVAL_MS,
        signal: controller.signal,
        onPoll: (polled) => setProgress(progressText(polled.progress)),
      });
      const message = typeof task.result?.message === 'string' ? task.result.message : 'Imported';
      notifications.resolve(progressId, message);
      setDone({ repositoryId: task.repository_id as string, name: into, message });
      onImported?.();
      setPreview(null);
    } catch (error) {
      if (controller.signal.aborted) return;
      notifications.remove(progressId);
      if (error instanceof TaskFailedError) notifications.error(error.message);
      else notifyError(error);
    } finally {
      if (!controller.signal.aborted) {
        setBusy(false);
        setProgress(null);
      }
    }
  };

  const refused = preview?.refused ?? [];
  const canImport = preview !== null && uploadId !== null && (refused.length === 0 || isSkipping) && !isBusy;

  return (
    <Stack gap="md">
      <FileInput
        label="File"
        description="A ledger/hledger or beancount journal, a Ghostfolio export (.json), a Wealthfolio activity CSV or a Portfolio Performance file (.xml, saved without a password)"
        placeholder="Pick a file"
        accept=".journal,.ledger,.hledger,.dat,.txt,.beancount,.bean,.json,.csv,.xml"
        clearable
        leftSection={<IconFileImport size={16} />}
        value={file}
        onChange={(picked) => void pick(picked)}
      />
      <Select
        label="Format"
        description="Guessed from the file; change it if the guess is wrong"
        data={FORMAT_OPTIONS}
        value={format}
        allowDeselect={false}
        onChange={(value) => {
          if (value) setFormat(value as TJournalFormat);
          reset();
        }}
      />
      <Radio.Group
        label="Into"
        value={target}
        onChange={(value) => {
          setTarget(value as TTarget);
          reset();
        }}
      >
        <Group mt="xs">
          <Radio value="new" label="A new repository" />
          <Radio value="existing" label="An existing repository" disabled={repositories.length === 0} />
        </Group>
      </Radio.Group>
      {target === 'new' ? (
        <Group grow align="flex-start">
          <TextInput
            label="Repository name"
            value={name}
            maxLength={100}
            onChange={(event) => {
              // The name goes with the upload the preview reads (it is checked free there).
              setName(event.currentTarget.value);
              reset();
            }}
          />
          <TextInput
            label="Currency"
            description="Values and FX rates are kept in it"
            value={currency}
            maxLength={3}
            onChange={(event) => {
              setCurrency(event.currentTarget.value.toUpperCase());
              reset();
            }}
          />
        </Group>
      ) : (
        <Select
          label="Repository"
          description="Repositories you own or edit"
          data={repositories.map((r) => ({ value: r.id, label: r.name }))}
          value={existingId}
          allowDeselect={false}
          onChange={(value) => {
            setExistingId(value);
            reset();
          }}
        />
      )}
      <Group>
        <Button variant="default" onClick={() => void runPreview()} disabled={!isReady || isBusy}>
          Preview
        </Button>
        <Button onClick={() => void runImport()} disabled={!canImport} loading={isBusy && preview !== null}>
          Import
        </Button>
      </Group>
      {progress && <Text size="sm">{progress}</Text>}
      {preview && <PreviewReport preview={preview} format={format} />}
      {preview && refused.length > 0 && (
        <Checkbox
          label={`Import without the ${refused.length} not carried (otherwise nothing is imported)`}
          checked={isSkipping}
          onChange={(event) => setSkipping(event.currentTarget.checked)}
        />
      )}
      {done && (
        <Alert color="teal" title={done.message}>
          <Anchor component="button" type="button" onClick={() => onOpen(done.repositoryId)}>
            Open {done.name}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}

function PreviewReport({ preview, format }: { preview: TJournalImportPreview; format: TJournalFormat }) {
  const counts: [string, { create: number; existing: number }][] = [
    ['Assets', preview.assets],
    ['Accounts', preview.accounts],
    ['Prices', preview.prices],
    ['Transactions', preview.transactions],
  ];
  return (
    <Stack gap="sm" aria-label="Preview">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {counts.map(([label, count]) => (
          <Paper key={label} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl">
              {count.create}
            </Text>
            <Text size="xs" c="dimmed">
              new{count.existing > 0 ? `, ${count.existing} already there` : ''}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {preview.refused.length === 0 ? (
        <Text size="sm">Everything in the file can be carried.</Text>
      ) : (
        <NoticeTable
          title={`Not carried (${preview.refused.length})`}
          notices={preview.refused}
          format={format}
        />
      )}
      {preview.ignored.length > 0 && (
        <NoticeTable
          title={`Read and left out on purpose (${preview.ignored.length})`}
          notices={preview.ignored}
          format={format}
        />
      )}
    </Stack>
  );
}

function NoticeTable({
  title,
  notices,
  format,
}: {
  title: string;
  notices: { line: number; message: string }[];
  format: TJournalFormat;
}) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder>
          <Table.Tbody>
            {notices.slice(0, 200).map((notice) => (
              <Table.Tr key={`${notice.line}\u0000${notice.message}`}>
                <Table.Td w={120}>{noticePlace(format, notice.line)}</Table.Td>
                <Table.Td>{notice.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
