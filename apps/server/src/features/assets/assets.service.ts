import type { TAsset, TAssetFields, TCreateAssetBody } from '@strata/contracts/assets';
import {
  assetFamily,
  duplicateMessage,
  isAccountType,
  softDeletedMessage,
  validateAsset,
} from '@strata/core/assets/asset-rules';
import { TAG_MESSAGES } from '@strata/core/assets/tag-rules';
import {
  ALL_ASSET_KINDS,
  EXPENSE_ACCOUNT,
  INCOME_ACCOUNT,
  isHoldingAccountKind,
} from '@strata/core/transactions/asset-kinds';
import type { Database } from '@strata/db/schema';
import type { Kysely, Updateable } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { fieldError, isForeignKeyViolation, isUniqueViolation } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { createAssetsRepository, type TAssetRow, toAssetResponse } from './assets.repository.ts';
import { ensureCurrencyAsset } from './currency-assets.ts';

export const ASSET_MESSAGES = {
  NOT_FOUND: 'Asset not found',
  READONLY_ACCOUNT: 'Pre-created accounts are read-only',
  IN_TRASH: 'The asset is in the trash: restore it first',
  IN_USE: 'The asset is used by transactions or prices of other records and cannot be deleted for good',
  /** Trashing what live transactions use would blank every value resting on it (docs/assets.md). */
  inUseByTransactions: (what: string, count: number) =>
    `${what} ${what.endsWith(' assets') ? 'are' : 'is'} used by ${count} transaction${count === 1 ? '' : 's'}: delete or move them first`,
  MIXED_REPOSITORIES: 'Every asset of one request must belong to the same repository',
  PARENT_NOT_GROUPING: 'Must be a grouping account of the repository',
  REPOSITORY_REQUIRED: 'repository_id is required',
} as const;

function group(type: string): string {
  if (type === INCOME_ACCOUNT || type === EXPENSE_ACCOUNT) return type;
  return isHoldingAccountKind(type) ? 'holding account' : 'instrument';
}

export function assetTypes() {
  return ALL_ASSET_KINDS.map((type) => ({ type, family: assetFamily(type), group: group(type) }));
}

function prefixed(fieldErrors: Record<string, string[]>, prefix: string | null): Record<string, string[]> {
  if (prefix === null) return fieldErrors;
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, list]) => [`${prefix}.${field}`, list]));
}

export function createAssetsService(db: Kysely<Database>) {
  async function responsesOf(trx: Kysely<Database>, rows: TAssetRow[]): Promise<TAsset[]> {
    const ids = rows.map((row) => row.id);
    const tags = await createAssetsRepository(trx).tagIdsOf(ids);
    const links = await createAssetsRepository(trx).linksOf(ids);
    return rows.map((row) => toAssetResponse(row, tags.get(row.id) ?? [], links.get(row.id)));
  }

  async function accessAsset(user: TAccessUser | null, id: string, need: 'read' | 'write') {
    const asset = await createAssetsRepository(db).find(id);
    const access = await requireRecordAccess(db, user, asset?.repository_id, need, ASSET_MESSAGES.NOT_FOUND);
    return { asset: asset as TAssetRow, access };
  }

  /** Checks the draft (merged over `existing` on update); throws a 400 listing every problem, or 409 on a twin. */
  async function checkDraft(
    trx: Kysely<Database>,
    repositoryId: string,
    draft: TAssetFields,
    options: { prefix: string | null; exceptId?: string },
  ) {
    const repo = createAssetsRepository(trx);
    const tagIds = draft.tags ?? [];
    const tags = await repo.tagsByIds(repositoryId, tagIds);
    const errors: Record<string, string[]> = {};
    if (tags.length !== new Set(tagIds).size) errors.tags = [TAG_MESSAGES.NO_SUCH_TAG];
    const result = validateAsset(draft, tags);
    if (!result.ok) {
      for (const error of result.errors)
        errors[error.field] = [...(errors[error.field] ?? []), error.message];
    }
    if (draft.parent_id) {
      const parent = await repo.find(draft.parent_id);
      if (!parent || parent.repository_id !== repositoryId || parent.type !== 'grouping account') {
        errors.parent_id = [ASSET_MESSAGES.PARENT_NOT_GROUPING];
      }
    }
    if (!result.ok || Object.keys(errors).length > 0) throw fieldError(prefixed(errors, options.prefix));
    const twins = await repo.findTwin(repositoryId, result.value.type, result.value.ticker, options.exceptId);
    const live = twins.find((twin) => twin.deleted_at === null);
    if (live) throw AppError.conflict(duplicateMessage(result.value.type, result.value.ticker));
    const deleted = twins[0];
    if (deleted) {
      throw new AppError('SOFT_DELETED_CONFLICT', softDeletedMessage(result.value.type, deleted.name), {
        details: { deleted_id: deleted.id, family: assetFamily(result.value.type) },
      });
    }
    return { value: result.value, tagIds: [...new Set(tagIds)] };
  }

  async function insertOne(
    trx: Kysely<Database>,
    user: TAccessUser,
    repository: { id: string; currency: string },
    body: TCreateAssetBody,
    prefix: string | null,
  ) {
    const { value, tagIds } = await checkDraft(trx, repository.id, body, { prefix });
    const currency =
      value.type === 'currency'
        ? null
        : await ensureCurrencyAsset(trx, {
            repositoryId: repository.id,
            code: value.currency,
            repositoryCurrency: repository.currency,
            userId: user.id,
          });
    const row = await createAssetsRepository(trx).insert({
      repository_id: repository.id,
      name: value.name,
      ticker: value.ticker,
      currency: value.currency,
      type: value.type,
      description: value.description,
      properties: JSON.stringify(body.properties ?? {}),
      parent_id: isAccountType(value.type) ? (body.parent_id ?? null) : null,
      currency_asset_id: currency?.id ?? null,
      created_by: user.id,
      updated_by: user.id,
    });
    await createAssetsRepository(trx).replaceTags(repository.id, row.id, tagIds);
    const [response] = await responsesOf(trx, [row]);
    const created = currency?.created ? (await responsesOf(trx, [currency.row]))[0] : undefined;
    return { ...(response as TAsset), ...(created ? { currency_asset_created: created } : {}) };
  }

  /** Unique-index races (two requests creating the same ticker at once) end as the same 409. */
  async function guarded<T>(work: () => Promise<T>, type: string, ticker: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(duplicateMessage(type, ticker));
      throw error;
    }
  }

  return {
    /**
     * One asset made inside the caller's transaction, with every rule of `create` (linked data's
     * repository_link makes a linked account one of the repository's accounts this way). The caller has
     * checked write access; field errors are prefixed with `prefix`.
     */
    async insertIn(
      trx: Kysely<Database>,
      user: TAccessUser,
      repository: { id: string; currency: string },
      body: TCreateAssetBody,
      prefix: string,
    ): Promise<TAsset> {
      const created = await guarded(
        () => insertOne(trx, user, repository, body, prefix),
        String(body.type ?? ''),
        String(body.name ?? ''),
      );
      await bumpDataVersion(trx, repository.id);
      return created;
    },

    async list(user: TAccessUser | null, repositoryId: string, withDeleted: boolean): Promise<TAsset[]> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      return responsesOf(db, await createAssetsRepository(db).list(repositoryId, { withDeleted }));
    },

    async get(user: TAccessUser | null, id: string): Promise<TAsset> {
      const { asset } = await accessAsset(user, id, 'read');
      return (await responsesOf(db, [asset]))[0] as TAsset;
    },

    async create(
      user: TAccessUser | null,
      input: TCreateAssetBody | TCreateAssetBody[],
      queryRepositoryId: string | undefined,
    ) {
      const items = Array.isArray(input) ? input : [input];
      const repositoryIds = new Set(items.map((item) => item.repository_id ?? queryRepositoryId));
      if (repositoryIds.has(undefined))
        throw fieldError({ repository_id: [ASSET_MESSAGES.REPOSITORY_REQUIRED] });
      if (repositoryIds.size > 1) throw new AppError('BAD_REQUEST', ASSET_MESSAGES.MIXED_REPOSITORIES);
      const repositoryId = [...repositoryIds][0] as string;
      const { repository } = await requireRepositoryAccess(db, user, repositoryId, 'write');
      const actor = user as TAccessUser;
      const first = items[0];
      const created = await guarded(
        () =>
          db.transaction().execute(async (trx) => {
            const rows = [];
            for (const [index, item] of items.entries()) {
              rows.push(
                await insertOne(trx, actor, repository, item, Array.isArray(input) ? String(index) : null),
              );
            }
            await bumpDataVersion(trx, repositoryId);
            return rows;
          }),
        String(first?.type ?? ''),
        String(first?.ticker ?? first?.name ?? ''),
      );
      return Array.isArray(input) ? created : (created[0] as (typeof created)[number]);
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: TAssetFields,
      expected: number | undefined,
      /**
       * The security master's link (market-data feature): its columns, written by this same versioned update,
       * and its other writes, in the same transaction.
       */
      link?: {
        columns: Pick<
          Updateable<Database['assets']>,
          'linked_security_id' | 'security_info_ticker' | 'security_info'
        >;
        within?: (trx: Kysely<Database>) => Promise<void>;
      },
    ): Promise<TAsset> {
      const { asset, access } = await accessAsset(user, id, 'write');
      const actor = user as TAccessUser;
      const repositoryId = access.repository.id;
      // What the duplicate message names when the update collides; the merged values are known only under the lock.
      let named = {
        type: String(body.type ?? asset.type),
        ticker: String(body.ticker ?? body.name ?? asset.ticker ?? asset.name),
      };
      try {
        return await db.transaction().execute(async (trx) => {
          const repo = createAssetsRepository(trx);
          let tagIds: string[] = [];
          const row = await updateVersioned(
            trx,
            'assets',
            id,
            { expected, notFoundMessage: ASSET_MESSAGES.NOT_FOUND },
            async (current) => {
              if (current.is_readonly) throw AppError.forbidden(ASSET_MESSAGES.READONLY_ACCOUNT);
              if (current.deleted_at) throw new AppError('BAD_REQUEST', ASSET_MESSAGES.IN_TRASH);
              const currentTags = (await repo.tagPairsOf(id)).map((tag) => tag.id);
              const merged: TAssetFields = {
                type: body.type !== undefined ? body.type : current.type,
                name: body.name !== undefined ? body.name : current.name,
                ticker: body.ticker !== undefined ? body.ticker : current.ticker,
                currency: body.currency !== undefined ? body.currency : current.currency,
                description: body.description !== undefined ? body.description : current.description,
                tags: body.tags ?? currentTags,
                parent_id: body.parent_id !== undefined ? body.parent_id : current.parent_id,
              };
              named = { type: String(merged.type ?? ''), ticker: String(merged.ticker ?? merged.name ?? '') };
              if (merged.parent_id === id)
                throw fieldError({ parent_id: [ASSET_MESSAGES.PARENT_NOT_GROUPING] });
              const checked = await checkDraft(trx, repositoryId, merged, { prefix: null, exceptId: id });
              const value = checked.value;
              tagIds = checked.tagIds;
              const currency =
                value.type === 'currency'
                  ? null
                  : await ensureCurrencyAsset(trx, {
                      repositoryId,
                      code: value.currency,
                      repositoryCurrency: access.repository.currency,
                      userId: actor.id,
                    });
              return {
                name: value.name,
                ticker: value.ticker,
                currency: value.currency,
                type: value.type,
                description: value.description,
                parent_id: isAccountType(value.type) ? (merged.parent_id ?? null) : null,
                currency_asset_id: currency?.id ?? null,
                ...(body.properties ? { properties: JSON.stringify(body.properties) } : {}),
                ...link?.columns,
                updated_at: new Date(),
                updated_by: actor.id,
              };
            },
          );
          await repo.replaceTags(repositoryId, id, tagIds);
          await link?.within?.(trx);
          await bumpDataVersion(trx, repositoryId);
          return (await responsesOf(trx, [row]))[0] as TAsset;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(duplicateMessage(named.type, named.ticker));
        throw error;
      }
    },

    async remove(
      user: TAccessUser | null,
      ids: readonly string[],
      isHard: boolean,
    ): Promise<{ message: string }> {
      const rows: TAssetRow[] = [];
      for (const id of new Set(ids)) rows.push((await accessAsset(user, id, 'write')).asset);
      if (new Set(rows.map((row) => row.repository_id)).size > 1) {
        throw new AppError('BAD_REQUEST', ASSET_MESSAGES.MIXED_REPOSITORIES);
      }
      if (rows.some((row) => row.is_readonly)) throw AppError.forbidden(ASSET_MESSAGES.READONLY_ACCOUNT);
      const repositoryId = rows[0]?.repository_id as string;
      try {
        await db.transaction().execute(async (trx) => {
          const idList = rows.map((row) => row.id);
          if (isHard) await createAssetsRepository(trx).deleteMany(idList);
          else {
            const use = await createAssetsRepository(trx).liveTransactionUse(idList);
            if (use.count > 0) {
              const name = rows.find((row) => row.id === use.assetIds[0])?.name ?? '';
              const what = use.assetIds.length === 1 ? name : `${use.assetIds.length} assets`;
              throw AppError.conflict(ASSET_MESSAGES.inUseByTransactions(what, use.count));
            }
            await createAssetsRepository(trx).trashMany(idList, (user as TAccessUser).id);
          }
          await bumpDataVersion(trx, repositoryId);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw AppError.conflict(ASSET_MESSAGES.IN_USE);
        throw error;
      }
      const what = rows.length === 1 ? (rows[0] as TAssetRow).name : `${rows.length} assets`;
      return { message: isHard ? `${what} deleted` : `${what} moved to the trash` };
    },

    async restore(user: TAccessUser | null, id: string): Promise<TAsset> {
      const { asset } = await accessAsset(user, id, 'write');
      if (!asset.deleted_at) return (await responsesOf(db, [asset]))[0] as TAsset;
      const twins = await createAssetsRepository(db).findTwin(
        asset.repository_id,
        asset.type,
        asset.ticker ?? '',
        id,
      );
      if (twins.some((twin) => twin.deleted_at === null)) {
        throw AppError.conflict(duplicateMessage(asset.type, asset.ticker ?? asset.name));
      }
      return guarded(
        () =>
          db.transaction().execute(async (trx) => {
            const row = await createAssetsRepository(trx).restore(id, (user as TAccessUser).id);
            await bumpDataVersion(trx, asset.repository_id);
            return (await responsesOf(trx, [row]))[0] as TAsset;
          }),
        asset.type,
        asset.ticker ?? asset.name,
      );
    },
  };
}
