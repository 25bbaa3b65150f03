import type { TAssetTag, TCreateTagBody, TTag } from '@strata/contracts/tags';
import { isAccountType } from '@strata/core/assets/asset-rules';
import { canRenameTag, isReservedTagName, TAG_MESSAGES, validateTag } from '@strata/core/assets/tag-rules';
import { MESSAGES } from '@strata/core/validation/messages';
import type { Database } from '@strata/db/schema';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { raiseVersion, updateVersioned } from '../../plugins/row-version.ts';
import { ASSET_MESSAGES } from '../assets/assets.service.ts';
import { bumpDataVersion } from '../repositories/data-version.ts';
import { fieldError, requireRecordAccess } from '../repositories/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../repositories/repository-access.ts';
import { isUniqueViolation } from '../repositories/repository-rules.ts';

export const TAG_NOT_FOUND = 'Tag not found';

type TTagRow = Selectable<Database['tags']>;

function toTag(row: TTagRow, assets: readonly string[]): TTag {
  return {
    id: row.id,
    repository_id: row.repository_id,
    tag_name: row.tag_name,
    tag_value: row.tag_value,
    assets: [...assets],
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
    version: row.version,
  };
}

function invalid(errors: readonly { field: string; message: string }[]): AppError {
  return fieldError(Object.fromEntries(errors.map((error) => [error.field, [error.message]])));
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(TAG_MESSAGES.DUPLICATE);
    throw error;
  }
}

/** Tags (unique by name and value) and the tags on assets (one per name on an asset). */
export function createTagsService(db: Kysely<Database>) {
  async function assetsOf(
    tagIds: readonly string[],
    trx: Kysely<Database> = db,
  ): Promise<Map<string, string[]>> {
    const byTag = new Map<string, string[]>();
    if (tagIds.length === 0) return byTag;
    const links = await trx
      .selectFrom('asset_tags')
      .select(['tag_id', 'asset_id'])
      .where('tag_id', 'in', tagIds)
      .orderBy('asset_id')
      .execute();
    for (const link of links) byTag.set(link.tag_id, [...(byTag.get(link.tag_id) ?? []), link.asset_id]);
    return byTag;
  }

  async function accessTag(user: TAccessUser | null, id: string, need: 'read' | 'write') {
    const tag = await db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
    await requireRecordAccess(db, user, tag?.repository_id, need, TAG_NOT_FOUND);
    return tag as TTagRow;
  }

  async function accessAsset(user: TAccessUser | null, assetId: string, need: 'read' | 'write') {
    const asset = await db
      .selectFrom('assets')
      .select(['id', 'repository_id', 'type', 'is_readonly'])
      .where('id', '=', assetId)
      .executeTakeFirst();
    await requireRecordAccess(db, user, asset?.repository_id, need, ASSET_MESSAGES.NOT_FOUND);
    return asset as NonNullable<typeof asset>;
  }

  /** A tag on an asset, for a writer; pre-created accounts keep theirs. */
  async function accessLink(user: TAccessUser | null, linkId: string) {
    const link = await db
      .selectFrom('asset_tags as at')
      .innerJoin('tags as t', 't.id', 'at.tag_id')
      .select(['at.id', 'at.asset_id', 'at.repository_id', 't.tag_name', 't.tag_value'])
      .where('at.id', '=', linkId)
      .executeTakeFirst();
    await requireRecordAccess(db, user, link?.repository_id, 'write', TAG_NOT_FOUND);
    const found = link as NonNullable<typeof link>;
    const asset = await accessAsset(user, found.asset_id, 'write');
    if (asset.is_readonly) throw AppError.forbidden(ASSET_MESSAGES.READONLY_ACCOUNT);
    return { link: found, asset };
  }

  /** The tag a request names, by id or by name and value; 400 'There is no such tag' when none. */
  async function resolveTag(
    repositoryId: string,
    ref: { tag_id?: string; tag_name?: string | null; tag_value?: string | null },
  ): Promise<TTagRow> {
    let query = db.selectFrom('tags').selectAll().where('repository_id', '=', repositoryId);
    if (ref.tag_id) query = query.where('id', '=', ref.tag_id);
    else
      query = query.where('tag_name', '=', ref.tag_name ?? '').where('tag_value', '=', ref.tag_value ?? '');
    const tag = await query.executeTakeFirst();
    if (!tag) throw fieldError({ tag: [TAG_MESSAGES.NO_SUCH_TAG] });
    return tag;
  }

  async function linkResponse(linkId: string): Promise<TAssetTag> {
    return db
      .selectFrom('asset_tags as at')
      .innerJoin('tags as t', 't.id', 'at.tag_id')
      .select(['at.id', 'at.asset_id', 'at.tag_id', 't.tag_name', 't.tag_value'])
      .where('at.id', '=', linkId)
      .executeTakeFirstOrThrow();
  }

  /** Seed §5: an asset holds one tag per name — a second 'Region' is refused like a duplicate tag. */
  async function assertNameFreeOnAsset(assetId: string, tagName: string, exceptLinkId?: string) {
    let query = db
      .selectFrom('asset_tags as at')
      .innerJoin('tags as t', 't.id', 'at.tag_id')
      .select('at.id')
      .where('at.asset_id', '=', assetId)
      .where('t.tag_name', '=', tagName);
    if (exceptLinkId) query = query.where('at.id', '<>', exceptLinkId);
    if (await query.executeTakeFirst()) throw AppError.conflict(TAG_MESSAGES.DUPLICATE);
  }

  return {
    async list(user: TAccessUser | null, repositoryId: string): Promise<TTag[]> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const rows = await db
        .selectFrom('tags')
        .selectAll()
        .where('repository_id', '=', repositoryId)
        .orderBy('tag_name')
        .orderBy('tag_value')
        .execute();
      const assets = await assetsOf(rows.map((row) => row.id));
      return rows.map((row) => toTag(row, assets.get(row.id) ?? []));
    },

    async create(user: TAccessUser | null, body: TCreateTagBody): Promise<TTag> {
      await requireRepositoryAccess(db, user, body.repository_id, 'write');
      const result = validateTag(body);
      if (!result.ok) throw invalid(result.errors);
      return guarded(() =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('tags')
            .values({
              repository_id: body.repository_id,
              ...result.value,
              created_by: (user as TAccessUser).id,
              updated_by: (user as TAccessUser).id,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return toTag(row, []);
        }),
      );
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: { tag_name?: string | null; tag_value?: string | null },
      expected: number | undefined,
    ): Promise<TTag> {
      const tag = await accessTag(user, id, 'write');
      return guarded(() =>
        db.transaction().execute(async (trx) => {
          const row = await updateVersioned(
            trx,
            'tags',
            id,
            { expected, notFoundMessage: TAG_NOT_FOUND },
            (current) => {
              const result = validateTag({
                tag_name: body.tag_name !== undefined ? body.tag_name : current.tag_name,
                tag_value: body.tag_value !== undefined ? body.tag_value : current.tag_value,
              });
              if (!result.ok) throw invalid(result.errors);
              if (!canRenameTag(current.tag_name, result.value.tag_name)) {
                throw fieldError({ tag_name: [TAG_MESSAGES.RESERVED_NAME_READONLY] });
              }
              return { ...result.value, updated_at: new Date(), updated_by: (user as TAccessUser).id };
            },
          );
          await bumpDataVersion(trx, tag.repository_id);
          return toTag(row, (await assetsOf([id], trx)).get(id) ?? []);
        }),
      );
    },

    async remove(user: TAccessUser | null, id: string): Promise<{ message: string }> {
      const tag = await accessTag(user, id, 'write');
      if (isReservedTagName(tag.tag_name)) {
        const account = await db
          .selectFrom('asset_tags as at')
          .innerJoin('assets as a', 'a.id', 'at.asset_id')
          .select(['a.type'])
          .where('at.tag_id', '=', id)
          .execute();
        if (account.some((row) => isAccountType(row.type)))
          throw AppError.conflict(TAG_MESSAGES.IN_USE_BY_ACCOUNTS);
      }
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('tags').where('id', '=', id).execute();
        await bumpDataVersion(trx, tag.repository_id);
      });
      return { message: `Tag ${tag.tag_name}: ${tag.tag_value} deleted` };
    },

    async listOnAssets(user: TAccessUser | null, query: { asset_id?: string; repository_id?: string }) {
      let repositoryId = query.repository_id;
      if (query.asset_id) repositoryId = (await accessAsset(user, query.asset_id, 'read')).repository_id;
      else await requireRepositoryAccess(db, user, repositoryId as string, 'read');
      let select = db
        .selectFrom('asset_tags as at')
        .innerJoin('tags as t', 't.id', 'at.tag_id')
        .select(['at.id', 'at.asset_id', 'at.tag_id', 't.tag_name', 't.tag_value'])
        .where('at.repository_id', '=', repositoryId as string);
      if (query.asset_id) select = select.where('at.asset_id', '=', query.asset_id);
      return select.orderBy('t.tag_name').orderBy('t.tag_value').execute();
    },

    async assign(
      user: TAccessUser | null,
      body: { asset_id: string; tag_id?: string; tag_name?: string | null; tag_value?: string | null },
    ): Promise<TAssetTag> {
      const asset = await accessAsset(user, body.asset_id, 'write');
      if (asset.is_readonly) throw AppError.forbidden(ASSET_MESSAGES.READONLY_ACCOUNT);
      const tag = await resolveTag(asset.repository_id, body);
      await assertNameFreeOnAsset(asset.id, tag.tag_name);
      return guarded(() =>
        db.transaction().execute(async (trx) => {
          await raiseVersion(trx, 'assets', asset.id);
          const { id } = await trx
            .insertInto('asset_tags')
            .values({ repository_id: asset.repository_id, asset_id: asset.id, tag_id: tag.id })
            .returning('id')
            .executeTakeFirstOrThrow();
          await bumpDataVersion(trx, asset.repository_id);
          return id;
        }),
      ).then(linkResponse);
    },

    async reassign(
      user: TAccessUser | null,
      linkId: string,
      body: { tag_id?: string; tag_name?: string | null; tag_value?: string | null },
    ): Promise<TAssetTag> {
      const { link, asset } = await accessLink(user, linkId);
      const tag = await resolveTag(asset.repository_id, body);
      // An account's Category stays a Category: switching it to another name would leave it without one.
      if (isAccountType(asset.type) && isReservedTagName(link.tag_name) && link.tag_name !== tag.tag_name) {
        throw fieldError({ tags: [MESSAGES.ACCOUNT_TAGS_REQUIRED] });
      }
      await assertNameFreeOnAsset(asset.id, tag.tag_name, linkId);
      await guarded(() =>
        db.transaction().execute(async (trx) => {
          await raiseVersion(trx, 'assets', asset.id);
          await trx.updateTable('asset_tags').set({ tag_id: tag.id }).where('id', '=', linkId).execute();
          await bumpDataVersion(trx, asset.repository_id);
        }),
      );
      return linkResponse(linkId);
    },

    async unassign(user: TAccessUser | null, linkId: string): Promise<{ message: string }> {
      const { link, asset } = await accessLink(user, linkId);
      if (isAccountType(asset.type) && isReservedTagName(link.tag_name)) {
        throw fieldError({ tags: [MESSAGES.ACCOUNT_TAGS_REQUIRED] });
      }
      await db.transaction().execute(async (trx) => {
        await raiseVersion(trx, 'assets', asset.id);
        await trx.deleteFrom('asset_tags').where('id', '=', linkId).execute();
        await bumpDataVersion(trx, asset.repository_id);
      });
      return { message: `Tag ${link.tag_name}: ${link.tag_value} removed` };
    },
  };
}
