import type { TAssetTag, TCreateTagBody, TTag } from '@strata/contracts/tags';
import { isAccountType } from '@strata/core/assets/asset-rules';
import { canRenameTag, isReservedTagName, TAG_MESSAGES, validateTag } from '@strata/core/assets/tag-rules';
import { MESSAGES } from '@strata/core/validation/messages';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { raiseVersion, updateVersioned } from '../../plugins/row-version.ts';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { fieldError, isUniqueViolation } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { ASSET_MESSAGES } from '../assets/index.ts';
import { createTagsRepository, type TTagRow } from './tags.repository.ts';

export const TAG_NOT_FOUND = 'Tag not found';

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
  const tags = createTagsRepository(db);

  function assetsOf(tagIds: readonly string[], trx: Kysely<Database> = db): Promise<Map<string, string[]>> {
    return createTagsRepository(trx).assetsOf(tagIds);
  }

  async function accessTag(user: TAccessUser | null, id: string, need: 'read' | 'write') {
    const tag = await tags.find(id);
    await requireRecordAccess(db, user, tag?.repository_id, need, TAG_NOT_FOUND);
    return tag as TTagRow;
  }

  async function accessAsset(user: TAccessUser | null, assetId: string, need: 'read' | 'write') {
    const asset = await tags.findAsset(assetId);
    await requireRecordAccess(db, user, asset?.repository_id, need, ASSET_MESSAGES.NOT_FOUND);
    return asset as NonNullable<typeof asset>;
  }

  /** A tag on an asset, for a writer; pre-created accounts keep theirs. */
  async function accessLink(user: TAccessUser | null, linkId: string) {
    const link = await tags.findLink(linkId);
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
    const tag = await tags.findInRepository(repositoryId, ref);
    if (!tag) throw fieldError({ tag: [TAG_MESSAGES.NO_SUCH_TAG] });
    return tag;
  }

  async function linkResponse(linkId: string): Promise<TAssetTag> {
    return tags.getLink(linkId);
  }

  /** Seed §5: an asset holds one tag per name — a second 'Region' is refused like a duplicate tag. */
  async function assertNameFreeOnAsset(assetId: string, tagName: string, exceptLinkId?: string) {
    if (await tags.hasTagNamed(assetId, tagName, exceptLinkId))
      throw AppError.conflict(TAG_MESSAGES.DUPLICATE);
  }

  return {
    async list(user: TAccessUser | null, repositoryId: string): Promise<TTag[]> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const rows = await tags.listOf(repositoryId);
      const assets = await assetsOf(rows.map((row) => row.id));
      return rows.map((row) => toTag(row, assets.get(row.id) ?? []));
    },

    async create(user: TAccessUser | null, body: TCreateTagBody): Promise<TTag> {
      await requireRepositoryAccess(db, user, body.repository_id, 'write');
      const result = validateTag(body);
      if (!result.ok) throw invalid(result.errors);
      return guarded(() =>
        db.transaction().execute(async (trx) => {
          const row = await createTagsRepository(trx).insert({
            repository_id: body.repository_id,
            ...result.value,
            created_by: (user as TAccessUser).id,
            updated_by: (user as TAccessUser).id,
          });
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
        const types = await tags.assetTypesOf(id);
        if (types.some(isAccountType)) throw AppError.conflict(TAG_MESSAGES.IN_USE_BY_ACCOUNTS);
      }
      await db.transaction().execute(async (trx) => {
        await createTagsRepository(trx).remove(id);
        await bumpDataVersion(trx, tag.repository_id);
      });
      return { message: `Tag ${tag.tag_name}: ${tag.tag_value} deleted` };
    },

    async listOnAssets(user: TAccessUser | null, query: { asset_id?: string; repository_id?: string }) {
      let repositoryId = query.repository_id;
      if (query.asset_id) repositoryId = (await accessAsset(user, query.asset_id, 'read')).repository_id;
      else await requireRepositoryAccess(db, user, repositoryId as string, 'read');
      return tags.listLinks(repositoryId as string, query.asset_id);
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
          const id = await createTagsRepository(trx).insertLink({
            repository_id: asset.repository_id,
            asset_id: asset.id,
            tag_id: tag.id,
          });
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
          await createTagsRepository(trx).setLinkTag(linkId, tag.id);
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
        await createTagsRepository(trx).removeLink(linkId);
        await bumpDataVersion(trx, asset.repository_id);
      });
      return { message: `Tag ${link.tag_name}: ${link.tag_value} removed` };
    },
  };
}
