import type {
  TCreateTransactionBody,
  TImportProgress,
  TListTransactionsQuery,
  TTransaction,
  TTransactionFields,
  TTransactionPage,
} from '@strata/contracts/transactions';
import { parseFilter, type TFilter } from '@strata/core/filters/filter-model';
import { parseSort } from '@strata/core/filters/sort-model';
import { canUseProTypes, nextPlanAbove } from '@strata/core/plans/plan-limits';
import { findTransactionType, transactionSettingsFor } from '@strata/core/transactions/catalogue';
import { formatTemplate, parseTemplate } from '@strata/core/transactions/csv-template';
import { TRANSACTION_FILTER_FIELDS } from '@strata/core/transactions/transaction-filter-fields';
import {
  type TAssetRef,
  type TTransactionDraft,
  type TValidTransaction,
  validateTransaction,
} from '@strata/core/transactions/validate-transaction';
import {
  applyFilter,
  applySort,
  containsPattern,
  filterCondition,
} from '@strata/db/filters/translate-filter';
import type { Database } from '@strata/db/schema';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { bumpDataVersion } from '../repositories/data-version.ts';
import { fieldError, requireRecordAccess } from '../repositories/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../repositories/repository-access.ts';
import { plans } from '../subscription/plans.ts';
import { getEffectiveSubscription } from '../subscription/subscription-state.ts';
import {
  createTransactionsRepository,
  TRANSACTION_COLUMNS,
  TRANSACTION_ROW_COLUMNS,
  type TTransactionRow,
  transactionJson,
} from './transactions.repository.ts';

export const TRANSACTION_MESSAGES = {
  NOT_FOUND: 'Transaction not found',
  IN_TRASH: 'The transaction is in the trash: restore it first',
  MIXED_REPOSITORIES: 'Every transaction of one request must belong to the same repository',
  REPOSITORY_REQUIRED: 'repository_id is required',
  PRO_TYPE: (type: string) => `The ${type} transaction type is available on the PRO plan`,
  /** The other side of the asset trash rule: a live transaction never rests on a trashed asset. */
  usesTrashedAssets: (names: readonly string[]) =>
    `${names.length === 1 ? `${names[0]} is` : `${names.join(', ')} are`} in the trash: restore ${names.length === 1 ? 'it' : 'them'} first`,
} as const;

async function refuseTrashedAssets(
  trx: Kysely<Database>,
  repositoryId: string,
  ids: readonly string[] | undefined,
): Promise<void> {
  const trashed = await createTransactionsRepository(trx).trashedAssetsOfTrashed(repositoryId, ids);
  if (trashed.length > 0) {
    throw AppError.conflict(TRANSACTION_MESSAGES.usesTrashedAssets(trashed.map((asset) => asset.name)));
  }
}

export const createdMessage = (date: string) => `Transaction ${date} created`;

export const importResult = (created: number) => ({ message: `${created} transactions imported`, created });

/** Rows checked, then written, between two progress reports of an import. */
const IMPORT_CHUNK_ROWS = 5000;

/** Receives an import's progress after each chunk (a background import writes it on its task). */
export type TImportReport = (progress: TImportProgress) => Promise<void>;
const noReport: TImportReport = async () => {};

/** An import whose every row passed: what `writeImport` writes. */
export interface TCheckedImport {
  repositoryId: string;
  userId: string;
  valid: TValidTransaction[];
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function parseJsonParam(raw: string | undefined, field: 'filter' | 'sort'): unknown {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw fieldError({ [field]: ['Must be JSON'] });
  }
}

/** Free text as a filter: description or type CONTAINS it (the shared translator's CONTAINS). */
function searchFilter(text: string): TFilter {
  const param = (field: 'description' | 'type', kind: 'text' | 'simple') =>
    ({ field, kind, comparison: 'CONTAINS', value: text }) as const;
  return {
    logic: 'OR',
    groups: [{ logic: 'OR', params: [param('description', 'text'), param('type', 'simple')] }],
  };
}

/** A draft's entries as the core validator reads them. */
function draftOf(fields: TTransactionFields): TTransactionDraft {
  return {
    type: fields.type ?? null,
    date: fields.date ?? null,
    description: fields.description ?? null,
    entries: fields.entries ?? null,
  };
}

/** Counting every match of a filter over 100k rows costs more than the page itself; totals only change with the data. */
export const createTransactionCounts = () => new LRUCache<string, Promise<number>>({ max: 500 });
export type TTransactionCounts = ReturnType<typeof createTransactionCounts>;

/** After a large write the planner's row estimates are stale; fresh ones keep list queries on the index. */
const ANALYZE_AFTER_ROWS = 1000;

export async function refreshStatistics(db: Kysely<Database>, rows: number): Promise<void> {
  if (rows < ANALYZE_AFTER_ROWS) return;
  await sql`analyze transactions`.execute(db);
  await sql`analyze transaction_entries`.execute(db);
}

/**
 * Free-text search: description or type CONTAINS the text, or an entry's account or asset has a name that
 * does. Names are matched on the repository's few assets first (an array PostgreSQL computes once, checked
 * for emptiness first, so when no name matches — the usual case — no row looks at its entries), never by
 * joining every row's entries to assets. A page probes the entries of the rows it walks (OFFSET 0 keeps
 * the planner from hashing the EXISTS into a scan of every entry); a count gathers the matching entries
 * once through the account and asset indexes.
 */
function withSearch<
  TQuery extends SelectQueryBuilder<Database & { t: Database['transactions'] }, 't', object>,
>(query: TQuery, repositoryId: string, text: string, purpose: 'page' | 'count'): TQuery {
  if (text === '') return query;
  const named = sql`array(select id from assets where repository_id = ${repositoryId}
    and lower(name) like lower(${containsPattern(text)}::text) escape '\\')`;
  const touchesNamed = sql<boolean>`(e.account_id = any(${named}) or e.asset_id = any(${named}))`;
  return query.where((eb) =>
    eb.or([
      filterCondition(searchFilter(text), TRANSACTION_COLUMNS, { today: today() }),
      eb.and([
        sql<boolean>`cardinality(${named}) > 0`,
        purpose === 'page'
          ? eb.exists(
              eb
                .selectFrom('transaction_entries as e')
                .select(sql`1`.as('one'))
                .whereRef('e.transaction_id', '=', 't.id')
                .where(touchesNamed)
                .offset(0),
            )
          : eb(
              't.id',
              'in',
              eb.selectFrom('transaction_entries as e').select('e.transaction_id').where(touchesNamed),
            ),
      ]),
    ]),
  ) as TQuery;
}

export function createTransactionsService(
  db: Kysely<Database>,
  totals: TTransactionCounts = createTransactionCounts(),
) {
  // Keyed by repository, data version and query: any write bumps the version, so a stale total is never read.
  // The promise is kept, so clients asking the same new query together share one count.
  const countOnce = (key: string, count: () => Promise<number>): Promise<number> => {
    const known = totals.get(key);
    if (known) return known;
    const counting = count();
    totals.set(key, counting);
    // A failed count is not remembered: the next request tries again.
    counting.catch(() => totals.delete(key));
    return counting;
  };
  /** Whether the repository owner's plan includes the PRO-only types (the plan travels with the repository). */
  async function proAllowed(ownerId: string): Promise<{ isAllowed: boolean; planId: string }> {
    const { plan } = await getEffectiveSubscription(db, ownerId);
    return { isAllowed: canUseProTypes(plan), planId: plan.id };
  }

  function assertTypeInPlan(type: unknown, pro: { isAllowed: boolean; planId: string }) {
    const definition = typeof type === 'string' ? findTransactionType(type) : undefined;
    if (!definition?.isProOnly || pro.isAllowed) return;
    const upgrade = nextPlanAbove(
      plans().filter((plan) => plan.transaction_types === 'all'),
      0,
    );
    throw new AppError('FORBIDDEN', TRANSACTION_MESSAGES.PRO_TYPE(definition.name), {
      details: { reason: 'PLAN_LIMIT', plan_id: pro.planId, upgrade_plan: upgrade?.id ?? null },
    });
  }

  /** Validates drafts; every problem of every row at once (rows prefixed by index in a bulk). */
  function validateAll(
    drafts: readonly TTransactionDraft[],
    refs: ReadonlyMap<string, TAssetRef>,
    options: { isBulk: boolean; labelOf?: (index: number) => string },
  ): TValidTransaction[] {
    const valid: TValidTransaction[] = [];
    const fieldErrors: Record<string, string[]> = {};
    drafts.forEach((draft, index) => {
      const result = validateTransaction(draft, refs);
      if (result.ok) {
        valid.push(result.value);
        return;
      }
      const prefix = options.labelOf ? `${options.labelOf(index)} ` : options.isBulk ? `${index}.` : '';
      for (const error of result.errors) {
        const key = `${prefix}${error.label}`;
        fieldErrors[key] = [...(fieldErrors[key] ?? []), error.message];
      }
    });
    if (Object.keys(fieldErrors).length > 0) throw fieldError(fieldErrors);
    return valid;
  }

  async function accessTransaction(user: TAccessUser | null, id: string, need: 'read' | 'write') {
    const row = await createTransactionsRepository(db).find(id);
    const access = await requireRecordAccess(
      db,
      user,
      row?.repository_id,
      need,
      TRANSACTION_MESSAGES.NOT_FOUND,
    );
    return { row: row as TTransactionRow, access };
  }

  async function transactionIds(user: TAccessUser | null, ids: readonly string[]) {
    const rows = await db
      .selectFrom('transactions')
      .select(['id', 'repository_id'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    const repositories = [...new Set(rows.map((row) => row.repository_id))];
    // Access to every repository the ids reach comes before naming a mix: an id of a repository the caller
    // is not in must answer as an unknown id does, not reveal that it exists somewhere else.
    if (repositories.length === 0)
      await requireRecordAccess(db, user, undefined, 'write', TRANSACTION_MESSAGES.NOT_FOUND);
    for (const repositoryId of repositories) {
      await requireRecordAccess(db, user, repositoryId, 'write', TRANSACTION_MESSAGES.NOT_FOUND);
    }
    if (repositories.length > 1) throw new AppError('BAD_REQUEST', TRANSACTION_MESSAGES.MIXED_REPOSITORIES);
    if (rows.length !== new Set(ids).size) throw AppError.notFound(TRANSACTION_MESSAGES.NOT_FOUND);
    return { ids: rows.map((row) => row.id), repositoryId: repositories[0] as string };
  }

  async function checkImport(
    user: TAccessUser | null,
    repositoryId: string,
    csv: string,
    report: TImportReport = noReport,
  ): Promise<TCheckedImport> {
    const { repository } = await requireRepositoryAccess(db, user, repositoryId, 'write');
    const parsed = parseTemplate(csv);
    if (!parsed.ok) {
      throw fieldError(
        Object.fromEntries(
          parsed.errors.map((error) => [`line ${error.line} ${error.field}`, [error.message]]),
        ),
      );
    }
    const pro = await proAllowed(repository.owner_id);
    const refs = await createTransactionsRepository(db).assetRefs(repositoryId);
    // Names (then tickers) to ids; a name two assets share is ambiguous and reported, not guessed.
    const byName = new Map<string, string | null>();
    const remember = (key: string | null | undefined, id: string) => {
      if (!key) return;
      const folded = key.toLowerCase();
      byName.set(folded, byName.has(folded) && byName.get(folded) !== id ? null : id);
    };
    for (const [id, ref] of refs) remember(ref.name, id);
    const byTicker = new Map<string, string>();
    for (const [id, ref] of refs)
      if (ref.ticker && !byTicker.has(ref.ticker.toLowerCase())) byTicker.set(ref.ticker.toLowerCase(), id);
    const lookup = (name: string) => {
      if (name === '') return null;
      const found = byName.get(name.toLowerCase());
      return found === undefined
        ? (byTicker.get(name.toLowerCase()) ?? `unknown:${name}`)
        : (found ?? `ambiguous:${name}`);
    };
    for (const row of parsed.rows) assertTypeInPlan(row.type, pro);
    const total = parsed.rows.length;
    const valid: TValidTransaction[] = [];
    const fieldErrors: Record<string, string[]> = {};
    await report({ total, validated: 0, written: 0 });
    for (let start = 0; start < total; start += IMPORT_CHUNK_ROWS) {
      for (const row of parsed.rows.slice(start, start + IMPORT_CHUNK_ROWS)) {
        const result = validateTransaction(
          {
            type: row.type,
            date: row.date,
            description: row.description,
            entries: row.entries.map((entry) => ({
              account_id: lookup(entry.account),
              asset_id: lookup(entry.asset),
              amount: entry.amount,
            })),
          },
          refs,
        );
        if (result.ok) {
          valid.push(result.value);
          continue;
        }
        for (const error of result.errors) {
          const key = `line ${row.line} ${error.label}`;
          fieldErrors[key] = [...(fieldErrors[key] ?? []), error.message];
        }
      }
      await report({ total, validated: Math.min(total, start + IMPORT_CHUNK_ROWS), written: 0 });
    }
    if (Object.keys(fieldErrors).length > 0) throw fieldError(fieldErrors);
    return { repositoryId, userId: (user as TAccessUser).id, valid };
  }

  async function writeImport(
    trx: Kysely<Database>,
    checked: TCheckedImport,
    report: TImportReport = noReport,
  ): Promise<number> {
    const total = checked.valid.length;
    const repo = createTransactionsRepository(trx);
    for (let start = 0; start < total; start += IMPORT_CHUNK_ROWS) {
      const chunk = checked.valid.slice(start, start + IMPORT_CHUNK_ROWS);
      await repo.insertMany(checked.repositoryId, checked.userId, chunk, 'import');
      await report({ total, validated: total, written: start + chunk.length });
    }
    await bumpDataVersion(trx, checked.repositoryId);
    return total;
  }

  return {
    /** A page as ZTransactionPage JSON text (its rows written by the database: `transactionJson`). */
    async list(user: TAccessUser | null, query: TListTransactionsQuery): Promise<string> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const filter = parseFilter(parseJsonParam(query.filter, 'filter'), TRANSACTION_FILTER_FIELDS);
      if (!filter.ok) {
        throw fieldError(
          Object.fromEntries(filter.errors.map((error) => [`filter.${error.path}`, [error.message]])),
        );
      }
      const sort = parseSort(parseJsonParam(query.sort, 'sort'), TRANSACTION_FILTER_FIELDS);
      if (!sort.ok) {
        throw fieldError(
          Object.fromEntries(sort.errors.map((error) => [`sort.${error.path}`, [error.message]])),
        );
      }
      let base = db
        .selectFrom('transactions as t')
        .where('t.repository_id', '=', query.repository_id)
        .where('t.deleted_at', query.show_deleted ? 'is not' : 'is', null);
      if (query.asset_id) {
        const assetId = query.asset_id;
        base = base.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('transaction_entries as e')
              .select(sql`1`.as('one'))
              .whereRef('e.transaction_id', '=', 't.id')
              .where((eb) => eb.or([eb('e.asset_id', '=', assetId), eb('e.account_id', '=', assetId)])),
          ),
        );
      }
      base = applyFilter(base, filter.value, TRANSACTION_COLUMNS, { today: today() });
      const text = query.search?.trim() ?? '';
      const sorted =
        sort.value.length > 0 ? sort.value : [{ field: 'date', sortDirection: 'descending' as const }];
      const page = applySort(
        withSearch(base, query.repository_id, text, 'page').select(
          TRANSACTION_ROW_COLUMNS.map((column) => `t.${column}` as const),
        ),
        sorted,
        TRANSACTION_COLUMNS,
      )
        .orderBy('t.seq', 'desc')
        .limit(query.page_size)
        .offset((query.page_no - 1) * query.page_size);
      // One round trip for the page, its entries and the data version the cached total is keyed by: the
      // repository row drives a lateral page, so an empty page still answers the version. A nested loop
      // over one outer row emits the page in its own order; entries are built for the page's rows only,
      // not for the rows OFFSET skips.
      const rows = await db
        .selectFrom('repositories as r')
        .leftJoinLateral(page.as('p'), (join) => join.onTrue())
        .select(['r.data_version', 'p.id'])
        .select(transactionJson('p').as('json'))
        .where('r.id', '=', query.repository_id)
        .execute();
      const dataVersion = rows[0]?.data_version ?? null;
      const countKey = JSON.stringify([
        query.repository_id,
        dataVersion,
        query.filter ?? '',
        text,
        query.asset_id ?? '',
        Boolean(query.show_deleted),
        today(),
      ]);
      const total = await countOnce(countKey, async () => {
        const counted = await withSearch(base, query.repository_id, text, 'count')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow();
        return Number(counted.total);
      });
      const data = rows.flatMap((row) => (row.id === null ? [] : [row.json]));
      const meta: TTransactionPage['meta'] = { page_size: query.page_size, page_no: query.page_no, total };
      return `{"data":[${data.join(',')}],"meta":${JSON.stringify(meta)}}`;
    },

    async get(user: TAccessUser | null, id: string): Promise<TTransaction> {
      const { row } = await accessTransaction(user, id, 'read');
      return (await createTransactionsRepository(db).withEntries([row]))[0] as TTransaction;
    },

    async summary(user: TAccessUser | null, repositoryId: string) {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const byType = await db
        .selectFrom('transactions')
        .select(['type', (eb) => eb.fn.countAll<number>().as('count')])
        .where('repository_id', '=', repositoryId)
        .where('deleted_at', 'is', null)
        .groupBy('type')
        .orderBy('type')
        .execute();
      const range = await db
        .selectFrom('transactions')
        .select([
          (eb) => eb.fn.min('date').as('first_date'),
          (eb) => eb.fn.max('date').as('last_date'),
          sql<number>`count(*) filter (where deleted_at is null)`.as('total'),
          sql<number>`count(*) filter (where deleted_at is not null)`.as('deleted'),
        ])
        .where('repository_id', '=', repositoryId)
        .executeTakeFirstOrThrow();
      return {
        total: Number(range.total),
        deleted: Number(range.deleted),
        first_date: (range.first_date as string | null) ?? null,
        last_date: (range.last_date as string | null) ?? null,
        by_type: byType.map((row) => ({ type: row.type, count: Number(row.count) })),
      };
    },

    async exportCsv(user: TAccessUser | null, repositoryId: string): Promise<string> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const repo = createTransactionsRepository(db);
      const rows = await db
        .selectFrom('transactions')
        .selectAll()
        .where('repository_id', '=', repositoryId)
        .where('deleted_at', 'is', null)
        .orderBy('date')
        .orderBy('seq')
        .execute();
      const names = new Map(
        (
          await db
            .selectFrom('assets')
            .select(['id', 'name'])
            .where('repository_id', '=', repositoryId)
            .execute()
        ).map((asset) => [asset.id, asset.name]),
      );
      const transactions = await repo.withEntries(rows);
      return formatTemplate(
        transactions.map((transaction) => ({
          type: transaction.type,
          date: transaction.date,
          description: transaction.description,
          entries: transaction.entries.map((entry) => ({
            account: names.get(entry.account_id) ?? entry.account_id,
            amount: entry.amount,
            asset: names.get(entry.asset_id) ?? entry.asset_id,
          })),
        })),
      );
    },

    async create(
      user: TAccessUser | null,
      input: TCreateTransactionBody | TCreateTransactionBody[],
      queryRepositoryId: string | undefined,
    ) {
      const items = Array.isArray(input) ? input : [input];
      const repositoryIds = new Set(items.map((item) => item.repository_id ?? queryRepositoryId));
      if (repositoryIds.has(undefined))
        throw fieldError({ repository_id: [TRANSACTION_MESSAGES.REPOSITORY_REQUIRED] });
      if (repositoryIds.size > 1) throw new AppError('BAD_REQUEST', TRANSACTION_MESSAGES.MIXED_REPOSITORIES);
      const repositoryId = [...repositoryIds][0] as string;
      const { repository } = await requireRepositoryAccess(db, user, repositoryId, 'write');
      const pro = await proAllowed(repository.owner_id);
      for (const item of items) assertTypeInPlan(item.type, pro);
      const refs = await createTransactionsRepository(db).assetRefs(repositoryId);
      const valid = validateAll(items.map(draftOf), refs, { isBulk: Array.isArray(input) });
      const created = await db.transaction().execute(async (trx) => {
        const rows = await createTransactionsRepository(trx).insertMany(
          repositoryId,
          (user as TAccessUser).id,
          valid,
        );
        await bumpDataVersion(trx, repositoryId);
        return createTransactionsRepository(trx).withEntries(rows);
      });
      await refreshStatistics(db, created.length);
      return Array.isArray(input) ? created : (created[0] as TTransaction);
    },

    /** Checks every row (nothing written); a bad row throws the field errors 'line N Entry: field'. */
    checkImport,

    /** Writes checked rows in `trx`, in chunks, reporting each; the caller's transaction keeps it all-or-nothing. */
    writeImport,

    async importCsv(user: TAccessUser | null, repositoryId: string, csv: string) {
      const checked = await checkImport(user, repositoryId, csv);
      const created = await db.transaction().execute((trx) => writeImport(trx, checked));
      await refreshStatistics(db, created);
      return importResult(created);
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: TTransactionFields,
      expected: number | undefined,
    ): Promise<TTransaction> {
      const { access } = await accessTransaction(user, id, 'write');
      const repositoryId = access.repository.id;
      const pro = await proAllowed(access.repository.owner_id);
      const refs = await createTransactionsRepository(db).assetRefs(repositoryId);
      return db.transaction().execute(async (trx) => {
        const repo = createTransactionsRepository(trx);
        const updated = await updateVersioned(
          trx,
          'transactions',
          id,
          { expected, notFoundMessage: TRANSACTION_MESSAGES.NOT_FOUND },
          async (row) => {
            if (row.deleted_at) throw new AppError('BAD_REQUEST', TRANSACTION_MESSAGES.IN_TRASH);
            const current = (await repo.withEntries([row]))[0] as TTransaction;
            const merged: TTransactionFields = {
              type: body.type !== undefined ? body.type : current.type,
              date: body.date !== undefined ? body.date : current.date,
              description: body.description !== undefined ? body.description : current.description,
              entries: body.entries ?? current.entries,
            };
            assertTypeInPlan(merged.type, pro);
            const [valid] = validateAll([draftOf(merged)], refs, { isBulk: false });
            const transaction = valid as TValidTransaction;
            await trx.deleteFrom('transaction_entries').where('transaction_id', '=', id).execute();
            if (transaction.entries.length > 0) {
              await trx
                .insertInto('transaction_entries')
                .values(
                  transaction.entries.map((entry, position) => ({
                    transaction_id: id,
                    position,
                    repository_id: repositoryId,
                    ...entry,
                  })),
                )
                .execute();
            }
            return {
              type: transaction.type,
              date: transaction.date,
              description: transaction.description,
              updated_at: new Date(),
              updated_by: (user as TAccessUser).id,
            };
          },
        );
        await bumpDataVersion(trx, repositoryId);
        return (await repo.withEntries([updated]))[0] as TTransaction;
      });
    },

    async remove(user: TAccessUser | null, ids: readonly string[], isHard: boolean) {
      const target = await transactionIds(user, ids);
      await db.transaction().execute(async (trx) => {
        if (isHard) await trx.deleteFrom('transactions').where('id', 'in', target.ids).execute();
        else {
          await trx
            .updateTable('transactions')
            .set({ deleted_at: new Date(), updated_by: (user as TAccessUser).id })
            .where('id', 'in', target.ids)
            .where('deleted_at', 'is', null)
            .execute();
        }
        await bumpDataVersion(trx, target.repositoryId);
      });
      const count = target.ids.length;
      const what = count === 1 ? 'Transaction' : `${count} transactions`;
      return { message: isHard ? `${what} deleted` : `${what} moved to the trash` };
    },

    async restoreOne(user: TAccessUser | null, id: string): Promise<TTransaction> {
      const { row, access } = await accessTransaction(user, id, 'write');
      if (!row.deleted_at)
        return (await createTransactionsRepository(db).withEntries([row]))[0] as TTransaction;
      return db.transaction().execute(async (trx) => {
        await refuseTrashedAssets(trx, access.repository.id, [id]);
        const restored = await trx
          .updateTable('transactions')
          .set({ deleted_at: null, updated_at: new Date(), updated_by: (user as TAccessUser).id })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await bumpDataVersion(trx, access.repository.id);
        return (await createTransactionsRepository(trx).withEntries([restored]))[0] as TTransaction;
      });
    },

    async restoreMany(user: TAccessUser | null, repositoryId: string, ids: readonly string[] | undefined) {
      await requireRepositoryAccess(db, user, repositoryId, 'write');
      const restored = await db.transaction().execute(async (trx) => {
        await refuseTrashedAssets(trx, repositoryId, ids);
        let query = trx
          .updateTable('transactions')
          .set({ deleted_at: null, updated_at: new Date(), updated_by: (user as TAccessUser).id })
          .where('repository_id', '=', repositoryId)
          .where('deleted_at', 'is not', null);
        if (ids)
          query = query.where('id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
        const result = await query.executeTakeFirst();
        await bumpDataVersion(trx, repositoryId);
        return Number(result.numUpdatedRows);
      });
      return { message: `${restored} transactions restored` };
    },

    async emptyTrash(user: TAccessUser | null, repositoryId: string) {
      await requireRepositoryAccess(db, user, repositoryId, 'write');
      const deleted = await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('transactions')
          .where('repository_id', '=', repositoryId)
          .where('deleted_at', 'is not', null)
          .executeTakeFirst();
        await bumpDataVersion(trx, repositoryId);
        return Number(result.numDeletedRows);
      });
      return { message: `Trash emptied: ${deleted} transactions deleted` };
    },

    async settings(user: TAccessUser | null, repositoryId: string | undefined) {
      if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
      const ownerId = repositoryId
        ? (await requireRepositoryAccess(db, user, repositoryId, 'read')).repository.owner_id
        : user.id;
      const { isAllowed } = await proAllowed(ownerId);
      return transactionSettingsFor({ canUseProTypes: isAllowed }).map((setting) => ({
        name: setting.name,
        group: setting.group,
        description: setting.description,
        readonly: setting.readonly,
        entries: setting.entries.map((entry) => ({ ...entry })),
      }));
    },

    async filterOptions(user: TAccessUser | null, repositoryId: string, field: string) {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      if (field === 'account' || field === 'asset') {
        const column = field === 'account' ? 'e.account_id' : 'e.asset_id';
        const rows = await db
          .selectFrom('transaction_entries as e')
          .innerJoin('assets as a', 'a.id', column)
          .select(['a.id', 'a.name'])
          .distinct()
          .where('e.repository_id', '=', repositoryId)
          .orderBy('a.name')
          .execute();
        return rows.map((row) => ({ value: row.id, label: row.name }));
      }
      if (field === 'type' || field === 'source') {
        const rows = await db
          .selectFrom('transactions')
          .select(field)
          .distinct()
          .where('repository_id', '=', repositoryId)
          .orderBy(field)
          .execute();
        return rows.map((row) => ({ value: String(row[field]), label: String(row[field]) }));
      }
      throw fieldError({ field: [`Must be one of: type, account, asset, source`] });
    },
  };
}

export type TTransactionsService = ReturnType<typeof createTransactionsService>;
