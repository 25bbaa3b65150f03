import type {
  TJournalImportBody,
  TJournalImportPreview,
  TJournalPreviewBody,
} from '@strata/contracts/journal-imports';
import type { TTask } from '@strata/contracts/tasks';
import { UNKNOWN_CURRENCY_MESSAGE } from '@strata/core/assets/asset-rules';
import type { TJournalFormat } from '@strata/core/journals/journal-types';
import { isIsoCurrencyCode } from '@strata/core/repositories/iso-currencies';
import type { TDialectName } from '@strata/db/database';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { assertRepositoryAllowed, createInitialisedRepositoryIn } from '../repositories/index.ts';
import {
  setTaskPayload,
  setTaskProgress,
  setTaskRepository,
  type TTaskExecutor,
  toTaskView,
} from '../tasks/index.ts';
import { refreshStatistics } from '../transactions/index.ts';
import {
  checkJournal,
  previewOf,
  setAgainstRepository,
  type TJournalImportCheck,
} from './journal-import-plan.ts';
import { writeJournal } from './journal-import-write.ts';
import { findJournalImportTask } from './journal-imports.repository.ts';
import { priceCount } from './packed-prices.ts';

export const JOURNAL_IMPORT_TASK_TYPE = 'journal_import';
export const JOURNAL_IMPORT_MESSAGES = {
  NOT_FOUND: 'Import not found',
  UNMAPPED: 'Some lines of the journal could not be mapped: nothing was imported',
  FILE_MISSING: 'The journal file was not found (it was never uploaded, or has expired): upload it again',
} as const;

/**
 * Where a journal sent as JSON text waits for the worker (a task row is polled, so it does not carry the
 * file). An uploaded journal's key is its upload target's (journal-uploads.service.ts); either way the
 * task's payload names it as `file_key`, which the task reads.
 */
export const journalFileKey = (taskId: string) => `imports/journals/${taskId}.txt`;

/** The journal's key in the store: the payload's, or, for a task queued before the payload named it, the JSON route's. */
function fileKeyOf(task: { id: string; payload: Record<string, unknown> }): string {
  return typeof task.payload.file_key === 'string' ? task.payload.file_key : journalFileKey(task.id);
}

/** What a preview is set against: an existing repository, or a new one of this currency. */
type TPreviewInto = { repositoryId: string } | { currency: string };

/** Into a repository that exists, or one the task makes in its transaction (kept only if the import is). */
type TTarget =
  | { existing: { id: string; currency: string } }
  | { create: { name: string; currency: string } };

interface TPrepared {
  check: TJournalImportCheck;
  target: TTarget;
}

export function createJournalImports(deps: {
  db: Kysely<Database>;
  dbDialect: TDialectName;
  tasks: TTaskExecutor;
  fileStore: TFileStore;
}) {
  const { db, tasks, fileStore } = deps;

  /** Maps the journal and refuses it whole when a line could not be mapped and the caller did not allow that. */
  async function check(
    repository: { id: string | null; currency: string },
    body: { format: TJournalFormat; journal: string | Uint8Array; skip_unmapped?: boolean | undefined },
    options: { isCountingPrices: boolean } = { isCountingPrices: true },
  ) {
    const checked = await checkJournal(db, repository, body.format, body.journal, options);
    return { checked, preview: previewOf(checked) };
  }

  /**
   * Whether `user` may import into the body's target: write access to an existing repository, or the rules
   * of creating one (plan limit, free name, known currency), checked at once rather than as a failed task.
   */
  async function assertMayImportInto(
    user: TAccessUser | null,
    body: {
      repository_id?: string | undefined;
      new_repository?: { name: string; currency: string } | undefined;
    },
  ): Promise<void> {
    if (body.new_repository) {
      if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
      await assertRepositoryAllowed(db, user.id, body.new_repository);
    } else await requireRepositoryAccess(db, user, body.repository_id as string, 'write');
  }

  /** A journal's preview into an existing repository (write access) or a new one of `currency`. */
  async function previewInto(
    user: TAccessUser | null,
    into: TPreviewInto,
    body: { format: TJournalFormat; journal: string | Uint8Array },
  ): Promise<TJournalImportPreview> {
    if ('currency' in into) return (await check({ id: null, currency: into.currency }, body)).preview;
    const { repository } = await requireRepositoryAccess(db, user, into.repositoryId, 'write');
    return (await check({ id: repository.id, currency: repository.currency }, body)).preview;
  }

  function assertMapped(preview: TJournalImportPreview, isSkipping: boolean) {
    if (preview.refused.length > 0 && !isSkipping)
      throw new AppError('BAD_REQUEST', JOURNAL_IMPORT_MESSAGES.UNMAPPED, {
        details: { refused: preview.refused, ignored: preview.ignored },
      });
  }

  return {
    assertMayImportInto,

    /**
     * A stored journal's preview for `user`, into an existing repository (write access) or a new one of
     * `currency`; the bytes move to the reader (the caller must not use them after).
     */
    previewFile(
      user: TAccessUser,
      into: TPreviewInto,
      format: TJournalFormat,
      file: Uint8Array,
    ): Promise<TJournalImportPreview> {
      return previewInto(user, into, { format, journal: file });
    },

    register() {
      tasks.register(
        JOURNAL_IMPORT_TASK_TYPE,
        async ({ task, trx, prepared }) => {
          const { check: mapped, target } = prepared as TPrepared;
          let repository: { id: string; currency: string };
          let checked = mapped;
          if ('create' in target) {
            // In the task's transaction: a journal that fails below leaves no repository behind.
            const id = await createInitialisedRepositoryIn(trx, task.user_id, target.create);
            repository = { id, currency: target.create.currency };
            checked = await setAgainstRepository(trx, id, mapped, { isFresh: true });
          } else repository = target.existing;
          // PostgreSQL records each written chunk through another pooled connection while the transaction
          // runs; PGlite's one connection is the transaction's, so there the row gets the final count.
          const on = deps.dbDialect === 'postgres' ? db : null;
          const counts = await writeJournal(
            trx,
            { id: task.user_id },
            repository,
            checked,
            async (progress) => {
              if (on) await setTaskProgress(on, task.id, { ...progress });
            },
          );
          await setTaskProgress(trx, task.id, {
            stage: 'done',
            total: counts.transactions,
            written: counts.transactions,
          });
          if ('create' in target) await setTaskRepository(trx, task.id, repository.id);
          await refreshStatistics(trx, counts.transactions);
          const preview = previewOf(checked);
          return {
            message: `${counts.transactions} transactions imported`,
            created: counts,
            skipped: {
              transactions: preview.transactions.existing,
              prices: priceCount(checked.prices) - counts.prices,
            },
            refused: preview.refused,
            ignored: preview.ignored,
          };
        },
        {
          // All or nothing: a failed import wrote no row, whatever the pooled progress writes said.
          progressWhenFailed: (progress) => ({ ...progress, written: 0 }),
          prepare: async ({ task }) => {
            const payload = task.payload as {
              format?: TJournalFormat;
              skip_unmapped?: boolean;
              new_repository?: { name: string; currency: string };
            };
            if (!payload.format || (!task.repository_id && !payload.new_repository))
              throw new Error('Unknown journal import task');
            const key = fileKeyOf(task);
            const file = await fileStore.get(key);
            if (!file) throw new Error(JOURNAL_IMPORT_MESSAGES.FILE_MISSING);
            await fileStore.delete(key);
            await setTaskProgress(db, task.id, { stage: 'reading', total: 0, written: 0 });
            let target: TTarget;
            if (task.repository_id) {
              const { repository } = await requireRepositoryAccess(
                db,
                { id: task.user_id },
                task.repository_id,
                'write',
              );
              target = { existing: { id: repository.id, currency: repository.currency } };
            } else target = { create: payload.new_repository as { name: string; currency: string } };
            const into =
              'create' in target ? { id: null, currency: target.create.currency } : target.existing;
            // The prices already there are not counted: 2.6M look-ups the import's insert does anyway. The
            // file's bytes move to the reader's thread, decoded there (no copy of the text is kept here).
            const { checked, preview } = await check(
              into,
              { format: payload.format, journal: file },
              { isCountingPrices: false },
            );
            assertMapped(preview, payload.skip_unmapped === true);
            await setTaskProgress(db, task.id, {
              stage: 'writing',
              total: preview.transactions.create,
              written: 0,
            });
            return { check: checked, target } satisfies TPrepared;
          },
        },
      );
    },

    /** What the import would create; nothing is written. Write access: it is the first step of an import. */
    async preview(user: TAccessUser | null, body: TJournalPreviewBody): Promise<TJournalImportPreview> {
      if (!body.repository_id) {
        // Into a new repository: nothing of anyone's is read, so being signed in is enough.
        if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
        const currency = (body.currency as string).toUpperCase();
        if (!isIsoCurrencyCode(currency)) throw new AppError('BAD_REQUEST', UNKNOWN_CURRENCY_MESSAGE);
        return previewInto(user, { currency }, body);
      }
      return previewInto(user, { repositoryId: body.repository_id }, body);
    },

    /**
     * Queues an import and answers its task at once; the journal waits in the file store. Into a new
     * repository, the task makes it in the import's transaction; its rules are checked here too, so a
     * taken name or the plan's limit answers at once rather than as a failed task.
     */
    async start(user: TAccessUser | null, body: TJournalImportBody): Promise<TTask> {
      const created = body.new_repository;
      await assertMayImportInto(user, body);
      return db.transaction().execute(async (trx) => {
        const task = await tasks.create(trx, {
          userId: (user as TAccessUser).id,
          type: JOURNAL_IMPORT_TASK_TYPE,
          repositoryId: body.repository_id ?? null,
          payload: {
            format: body.format,
            skip_unmapped: body.skip_unmapped === true,
            ...(created ? { new_repository: { name: created.name, currency: created.currency } } : {}),
          },
        });
        const key = journalFileKey(task.id);
        await setTaskPayload(trx, task.id, { ...task.payload, file_key: key });
        await tasks.enqueue(trx, task);
        // Last: if queuing failed, no file is left behind; the job can only start once this commits.
        await fileStore.put(key, Buffer.from(body.journal, 'utf8'), 'text/plain');
        return toTaskView(task);
      });
    },

    /**
     * An import's task, for any member of its repository (others: 404, as if it did not exist); into a new
     * repository not made yet (or never, the import failed), for whoever started it.
     */
    async read(user: TAccessUser | null, id: string): Promise<TTask> {
      if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
      const task = await findJournalImportTask(db, id);
      if (!task) throw AppError.notFound(JOURNAL_IMPORT_MESSAGES.NOT_FOUND);
      if (task.repository_id) await requireRepositoryAccess(db, user, task.repository_id, 'read');
      else if (task.user_id !== user.id) throw AppError.notFound(JOURNAL_IMPORT_MESSAGES.NOT_FOUND);
      return toTaskView(task);
    },
  };
}

export type TJournalImports = ReturnType<typeof createJournalImports>;
