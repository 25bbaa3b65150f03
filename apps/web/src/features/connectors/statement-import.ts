import { LINKED_DATA_MESSAGES, type TLinkedLoader } from '@strata/contracts/linked-data';

// The rules of the two file dialogs (linked seed §2, §5, §8) kept apart from React so they are tested alone.

/** Seed §5: the OFX file import accepts .qfx or .ofx only. */
export const OFX_IMPORT_ACCEPT = '.ofx,.qfx';

/** What each loader of the manual file loader takes, for the file picker. */
export const LOADER_ACCEPT: Record<TLinkedLoader, string> = {
  ofx: '.ofx',
  qfx: '.qfx',
  qif: '.qif',
  csv: '.csv,.txt',
};

/** The manual loader's picker takes any of them: the loader follows the file (and may be changed). */
export const MANUAL_LOADER_ACCEPT = '.ofx,.qfx,.qif,.csv,.txt';

export const LOADER_LABELS: Record<TLinkedLoader, string> = {
  ofx: 'OFX',
  qfx: 'QFX',
  qif: 'QIF',
  csv: 'CSV',
};

/** The extension, lower-cased, without its dot ('' when none). */
function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * The OFX/QFX import's check before anything is sent: no file is 'Nothing to import' (seed §5), another
 * extension is refused by name. Null when the file may go.
 */
export function ofxImportProblem(file: { name: string } | null): string | null {
  if (!file) return LINKED_DATA_MESSAGES.NOTHING_TO_IMPORT;
  const extension = extensionOf(file.name);
  if (extension === 'ofx' || extension === 'qfx') return null;
  return `${file.name} is not an OFX or QFX file: choose a .ofx or .qfx file`;
}

/** The OFX import's loader follows the extension (a QFX is Quicken's OFX; the server reads both alike). */
export function ofxLoaderOf(filename: string): 'ofx' | 'qfx' {
  return extensionOf(filename) === 'qfx' ? 'qfx' : 'ofx';
}

/** The manual loader's first guess from the file name; the user may pick another. */
export function guessLoader(filename: string): TLinkedLoader | null {
  const extension = extensionOf(filename);
  if (extension === 'ofx' || extension === 'qfx' || extension === 'qif' || extension === 'csv')
    return extension;
  if (extension === 'txt') return 'csv';
  return null;
}

/** The load task's progress (server: reading → parsed → written) as a bar and a line. */
export interface TLoadProgressView {
  percent: number;
  label: string;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function loadProgressOf(task: {
  status: string;
  progress: Record<string, unknown> | null;
}): TLoadProgressView {
  const progress = task.progress ?? {};
  if (task.status === 'waiting') return { percent: 5, label: 'Waiting for the file…' };
  switch (progress.stage) {
    case 'reading':
      return { percent: 25, label: `Reading ${count(progress.bytes).toLocaleString('en')} bytes…` };
    case 'parsed': {
      const transactions = count(progress.transactions);
      const statements = count(progress.statements);
      return {
        percent: 60,
        label: `Read ${statements} ${statements === 1 ? 'statement' : 'statements'}, ${transactions} ${
          transactions === 1 ? 'transaction' : 'transactions'
        }; writing…`,
      };
    }
    case 'written':
      return { percent: 100, label: loadCountsText(progress) };
    default:
      return { percent: 10, label: 'Starting…' };
  }
}

/** The sync event's counts as the dialog and the toast say them. */
export function loadCountsText(counts: Record<string, unknown>): string {
  return `${count(counts.added)} added, ${count(counts.skipped_duplicate)} skipped as duplicates, ${count(
    counts.failed,
  )} failed`;
}

/** What a finished load answered (the task's result), read defensively: the task result is free JSON. */
export interface TLoadOutcome {
  connectorId: string | null;
  added: number;
  skippedDuplicate: number;
  failed: number;
  warnings: string[];
}

export function loadOutcomeOf(result: Record<string, unknown> | null): TLoadOutcome {
  const value = result ?? {};
  return {
    connectorId: typeof value.connector_id === 'string' ? value.connector_id : null,
    added: count(value.added),
    skippedDuplicate: count(value.skipped_duplicate),
    failed: count(value.failed),
    warnings: Array.isArray(value.warnings)
      ? value.warnings.filter((item): item is string => typeof item === 'string')
      : [],
  };
}
