import type { TDashboardView } from '@strata/contracts/dashboards';
import {
  refusedWidgetKinds,
  upgradeForWidgetsMessage,
  upgradePlanForKinds,
  widgetsNotInPlanMessage,
} from '@strata/core/dashboards/dashboard-plan';
import {
  freeSlug,
  slugify,
  type TFieldError,
  type TWidget,
  validateName,
  validateWidgets,
} from '@strata/core/dashboards/dashboard-rules';
import {
  STARTER_DASHBOARD_NAME,
  STARTER_DASHBOARD_SLUG,
  starterWidgets,
} from '@strata/core/dashboards/starter-dashboards';
import { DASHBOARD_TYPES, type TDashboardType } from '@strata/core/dashboards/widget-kinds';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { fieldError } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { getEffectiveSubscription, plans } from '../subscription/index.ts';
import { createDashboardsRepository, type TDashboardRow, type TOwnerKey } from './dashboards.repository.ts';

export const DASHBOARD_NOT_FOUND = 'Dashboard not found';

function toView(row: TDashboardRow): TDashboardView {
  return {
    id: row.id,
    repository_id: row.repository_id,
    type: row.type as TDashboardType,
    name: row.name,
    slug: row.slug,
    position: row.position,
    widgets: row.widgets as TWidget[],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

function throwFieldErrors(errors: readonly TFieldError[]): void {
  if (errors.length === 0) return;
  const fieldErrors: Record<string, string[]> = {};
  for (const error of errors) fieldErrors[error.field] = [...(fieldErrors[error.field] ?? []), error.message];
  throw fieldError(fieldErrors);
}

/**
 * Dashboards are each member's own view of a repository: read access is enough, even on a read-only
 * repository (a dashboard is no repository data), and nobody sees another user's. The caller's plan decides
 * which widget kinds may be added (docs/dashboards.md).
 */
export function createDashboardsService(db: Kysely<Database>) {
  async function planOf(userId: string) {
    const { plan } = await getEffectiveSubscription(db, userId);
    return plan;
  }

  async function assertKindsInPlan(
    userId: string,
    widgets: readonly TWidget[],
    saved: readonly TWidget[] = [],
  ): Promise<void> {
    const plan = await planOf(userId);
    const refused = refusedWidgetKinds(widgets, plan.dashboard_widgets, saved);
    if (refused.length === 0) return;
    const upgrade = upgradePlanForKinds(plans(), refused);
    throw new AppError('FORBIDDEN', widgetsNotInPlanMessage(refused), {
      details: {
        reason: 'PLAN_LIMIT',
        plan_id: plan.id,
        kinds: refused,
        upgrade_plan: upgrade?.id ?? null,
        upgrade_message: upgrade ? upgradeForWidgetsMessage(upgrade.name) : null,
      },
    });
  }

  /** The caller's own view, else 404 (after the 401/402 checks, like any record reached by id). */
  async function own(user: TAccessUser | null, id: string): Promise<TDashboardRow> {
    const row = user ? await createDashboardsRepository(db).findOwn(id, user.id) : undefined;
    await requireRecordAccess(db, user, row?.repository_id, 'read', DASHBOARD_NOT_FOUND);
    return row as TDashboardRow;
  }

  /** A starter 'Overview' for each type the user has no dashboard of yet. */
  async function ensureStarters(key: TOwnerKey, rows: readonly TDashboardRow[]): Promise<boolean> {
    const missing = DASHBOARD_TYPES.filter((type) => !rows.some((row) => row.type === type));
    if (missing.length === 0) return false;
    const plan = await planOf(key.userId);
    await db.transaction().execute(async (trx) => {
      const views = createDashboardsRepository(trx);
      await views.lockOwner(key);
      for (const type of missing) {
        await views.insertIfAbsent(key, {
          type,
          name: STARTER_DASHBOARD_NAME,
          slug: STARTER_DASHBOARD_SLUG,
          position: 0,
          widgets: starterWidgets(type, plan.dashboard_widgets),
        });
      }
    });
    return true;
  }

  return {
    async list(user: TAccessUser | null, repositoryId: string, type: TDashboardType | undefined) {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const key = { repositoryId, userId: (user as TAccessUser).id };
      const views = createDashboardsRepository(db);
      let rows = await views.list(key);
      if (await ensureStarters(key, rows)) rows = await views.list(key);
      return rows.filter((row) => !type || row.type === type).map(toView);
    },

    async create(
      user: TAccessUser | null,
      body: { repository_id: string; type: TDashboardType; name?: string | null; widgets: TWidget[] },
    ) {
      await requireRepositoryAccess(db, user, body.repository_id, 'read');
      const key = { repositoryId: body.repository_id, userId: (user as TAccessUser).id };
      throwFieldErrors([...validateName(body.name), ...validateWidgets(body.widgets, body.type)]);
      await assertKindsInPlan(key.userId, body.widgets);
      const name = (body.name as string).trim();
      const row = await db.transaction().execute(async (trx) => {
        const views = createDashboardsRepository(trx);
        await views.lockOwner(key);
        return views.insert(key, {
          type: body.type,
          name,
          slug: freeSlug(slugify(name), await views.takenSlugs(key, body.type)),
          position: await views.nextPosition(key, body.type),
          widgets: body.widgets,
        });
      });
      return toView(row);
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: { name?: string | null; position?: number; widgets?: TWidget[] },
      expected: number | undefined,
    ) {
      const before = await own(user, id);
      const type = before.type as TDashboardType;
      throwFieldErrors([
        ...(body.name === undefined ? [] : validateName(body.name)),
        ...(body.widgets === undefined ? [] : validateWidgets(body.widgets, type)),
      ]);
      if (body.widgets) await assertKindsInPlan(before.user_id, body.widgets, before.widgets as TWidget[]);
      const key = { repositoryId: before.repository_id, userId: before.user_id };
      const row = await db.transaction().execute(async (trx) => {
        const views = createDashboardsRepository(trx);
        await views.lockOwner(key);
        return updateVersioned(
          trx,
          'dashboard_views',
          id,
          { expected, notFoundMessage: DASHBOARD_NOT_FOUND },
          async (current) => {
            const name = body.name === undefined ? current.name : (body.name as string).trim();
            const slug =
              name === current.name
                ? current.slug
                : freeSlug(slugify(name), await views.takenSlugs(key, type, id));
            return {
              name,
              slug,
              ...(body.position === undefined ? {} : { position: body.position }),
              ...(body.widgets === undefined ? {} : { widgets: JSON.stringify(body.widgets) }),
              updated_at: new Date(),
            };
          },
        );
      });
      return toView(row);
    },

    async remove(user: TAccessUser | null, id: string) {
      const row = await own(user, id);
      await db.transaction().execute(async (trx) => createDashboardsRepository(trx).remove(id));
      return { message: `Dashboard ${row.name} deleted` };
    },
  };
}
