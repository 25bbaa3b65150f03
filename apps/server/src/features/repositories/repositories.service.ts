import {
  type TCreateRepositoryBody,
  type TRepository,
  type TRepositoryExport,
  type TUpdateRepositoryBody,
  type TUserRepoSettings,
  type TUserRepoSettingsPatch,
  ZRepositorySettings,
  ZUserRepoSettings,
} from '@strata/contracts/repositories';
import {
  defaultRepositorySettings,
  defaultUserRepoSettings,
} from '@strata/core/repositories/repository-defaults';
import { REPOSITORY_MESSAGES, repositoryDeletedMessage } from '@strata/core/repositories/repository-messages';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { isUniqueViolation } from '../../shared/field-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { clearAnalyticsResults } from '../analytics/index.ts';
import { getEffectiveSubscription } from '../subscription/index.ts';
import { createRepositoriesRepository, type TRepositoryViewRow } from './repositories.repository.ts';
import { insertRepositoryIn } from './repository-create.ts';
import { addInitialContent } from './repository-initialization.ts';
import {
  assertKnownCurrency,
  assertNameFree,
  assertPlanAllowsAnother,
  nameTaken,
} from './repository-rules.ts';
import { exportRepository } from './repository-transfer.ts';

/** Stored settings over today's defaults: documents saved before a field existed get its default. */
export function settingsOf(stored: Record<string, unknown>): TRepository['settings'] {
  const merged = { ...defaultRepositorySettings(), ...stored };
  const parsed = ZRepositorySettings.safeParse(merged);
  return parsed.success ? parsed.data : defaultRepositorySettings();
}

function userRepoSettingsOf(stored: Record<string, unknown>): TUserRepoSettings {
  const parsed = ZUserRepoSettings.safeParse({ ...defaultUserRepoSettings(), ...stored });
  return parsed.success ? parsed.data : defaultUserRepoSettings();
}

/** `fileStore` is needed only by `export` (its stored files travel in the file); scripts may leave it out. */
export function createRepositoriesService(db: Kysely<Database>, fileStore?: TFileStore) {
  const repository = createRepositoriesRepository(db);

  async function toResponses(rows: TRepositoryViewRow[]): Promise<TRepository[]> {
    const planByOwner = new Map<string, string>();
    for (const ownerId of new Set(rows.map((row) => row.owner_id))) {
      planByOwner.set(ownerId, (await getEffectiveSubscription(db, ownerId)).plan.id);
    }
    return rows.map((row) => {
      const accessType = row.access_type as 1 | 2 | 3;
      return {
        id: row.id,
        name: row.name,
        currency: row.currency,
        owner: row.owner_email,
        settings: settingsOf(row.settings),
        user_repo_settings: { ...userRepoSettingsOf(row.user_repo_settings), access_type: accessType },
        access_type: accessType,
        collaborators_count: row.collaborators_count,
        plan: planByOwner.get(row.owner_id) ?? '',
        currency_asset: null,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
        version: row.version,
      };
    });
  }

  async function viewOf(
    user: TAccessUser,
    repositoryId: string,
    found?: Awaited<ReturnType<typeof repository.findView>>,
  ): Promise<TRepository> {
    const row = found ?? (await repository.findView(user.id, repositoryId));
    if (!row) throw AppError.notFound(REPOSITORY_MESSAGES.NOT_FOUND);
    const [view] = await toResponses([row]);
    if (!view) throw AppError.notFound(REPOSITORY_MESSAGES.NOT_FOUND);
    return view;
  }

  return {
    /**
     * Answers even with an inactive subscription: the list holds only the caller's own repository names
     * and roles, and the plans page needs it to pick repositories to deactivate (docs/repositories.md).
     */
    async list(user: TAccessUser): Promise<TRepository[]> {
      return toResponses(await repository.listViews(user.id));
    },

    async create(user: TAccessUser, body: TCreateRepositoryBody): Promise<TRepository> {
      const id = await db.transaction().execute((trx) => insertRepositoryIn(trx, user.id, body));
      return viewOf(user, id);
    },

    async initialize(user: TAccessUser, repositoryId: string) {
      return db.transaction().execute(async (trx) => {
        const access = await requireRepositoryAccess(trx, user, repositoryId, 'owner');
        await createRepositoriesRepository(trx).lock(repositoryId);
        const settings = settingsOf(access.repository.settings);
        const result = await addInitialContent(trx, {
          repositoryId,
          currency: access.repository.currency,
          userId: user.id,
          withDefaultTags: settings.init_default_tags,
        });
        return {
          repository_id: repositoryId,
          created_accounts: result.createdAccounts,
          created_tags: result.createdTags,
        };
      });
    },

    async update(
      user: TAccessUser,
      repositoryId: string,
      body: Omit<TUpdateRepositoryBody, 'version'>,
      expected: number | undefined,
    ): Promise<TRepository> {
      if (body.currency !== undefined) assertKnownCurrency(body.currency);
      let updated: Awaited<ReturnType<typeof repository.findView>>;
      try {
        updated = await db.transaction().execute(async (trx) => {
          await requireRepositoryAccess(trx, user, repositoryId, 'owner');
          if (body.name !== undefined) await assertNameFree(trx, user.id, body.name, repositoryId);
          let isAnalyticsChanged = false;
          await updateVersioned(
            trx,
            'repositories',
            repositoryId,
            { expected, notFoundMessage: REPOSITORY_MESSAGES.NOT_FOUND },
            async (locked) => {
              const current = settingsOf(locked.settings);
              const settings = body.settings ? { ...current, ...body.settings } : undefined;
              // Lifting read-only makes the repository count against the plan again.
              if (current.readonly && settings && !settings.readonly)
                await assertPlanAllowsAnother(trx, user.id);
              const precedence = body.settings?.price_source_precedence;
              isAnalyticsChanged =
                (body.currency !== undefined && body.currency !== locked.currency) ||
                (precedence !== undefined &&
                  JSON.stringify(precedence) !== JSON.stringify(current.price_source_precedence));
              return {
                ...(body.name === undefined ? {} : { name: body.name }),
                ...(body.currency === undefined ? {} : { currency: body.currency }),
                ...(settings === undefined ? {} : { settings: JSON.stringify(settings) }),
                updated_at: new Date(),
              };
            },
          );
          // The reporting currency and the price precedence change every value analytics compute.
          if (isAnalyticsChanged) await bumpDataVersion(trx, repositoryId);
          // Read in the write's own transaction: read after it, a concurrent update committed meanwhile would
          // answer that one's version, and the client would send it as its own next time.
          return createRepositoriesRepository(trx).findView(user.id, repositoryId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      return viewOf(user, repositoryId, updated);
    },

    /** Any member keeps their own view settings, read-only members included. Shallow merge. */
    async saveUserRepoSettings(
      user: TAccessUser,
      repositoryId: string,
      patch: TUserRepoSettingsPatch,
    ): Promise<TUserRepoSettings> {
      return db.transaction().execute(async (trx) => {
        await requireRepositoryAccess(trx, user, repositoryId, 'read');
        const members = createRepositoriesRepository(trx);
        const stored = (await members.findMemberSettings(repositoryId, user.id)) ?? {};
        const { access_type: _ignored, ...rest } = { ...stored, ...patch } as Record<string, unknown>;
        const merged = userRepoSettingsOf(rest);
        await members.saveMemberSettings(repositoryId, user.id, merged);
        return merged;
      });
    },

    async delete(user: TAccessUser, repositoryId: string) {
      const access = await requireRepositoryAccess(db, user, repositoryId, 'owner');
      await repository.delete(repositoryId);
      return { message: repositoryDeletedMessage(access.repository.name) };
    },

    async export(
      user: TAccessUser,
      repositoryId: string,
    ): Promise<{ name: string; data: TRepositoryExport }> {
      if (!fileStore) throw new Error('createRepositoriesService was given no file store to export from');
      const access = await requireRepositoryAccess(db, user, repositoryId, 'owner');
      return { name: access.repository.name, data: await exportRepository(db, fileStore, repositoryId) };
    },

    /** Any member may ask for fresh analytics: the repository's cached results are deleted. */
    async clearAnalyticsCache(user: TAccessUser, repositoryId: string) {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      await clearAnalyticsResults(db, repositoryId);
      return { message: REPOSITORY_MESSAGES.ANALYTICS_CACHE_CLEARED };
    },
  };
}

export type TRepositoriesService = ReturnType<typeof createRepositoriesService>;
