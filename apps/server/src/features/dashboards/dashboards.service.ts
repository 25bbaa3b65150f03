import type { TDashboardView } from '@strata/contracts/dashboards';
import {
  freeSlug,
  slugify,
  type TWidget,
  validateName,
  validateWidgets,
} from '@strata/core/dashboards/dashboard-rules';
import {
  allowedWidgetKinds,
  findWidgetKind,
  GRID_COLUMNS,
  type TDashboardType,
} from '@strata/core/dashboards/widget-kinds';
import type { Database } from '@strata/db/schema';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { fieldError, requireRecordAccess } from '../repositories/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../repositories/repository-access.ts';
import { getEffectiveSubscription } from '../subscription/subscription-state.ts';

export const DASHBOARD_NOT_FOUND = 'Dashboard not found';

type TRow = Selectable<Database['dashboard_views']>;

function toView(row: TRow): TDashboardView {
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
  };
}

/**
 * The first dashboard of a type: the value identity, value by account and IRR side by side, then value
 * history and income — what users look at first. On a phone they stack at full width.
 */
const STARTER_DESKTOP: ReadonlyArray<{ kind: string; x: number; y: number; w: number; h: number }> = [
  { kind: 'Value Change Snapshot', x: 0, y: 0, w: 4, h: 5 },
  { kind: 'Value Pie', x: 4, y: 0, w: 4, h: 5 },
  { kind: 'IRR and MOIC', x: 8, y: 0, w: 4, h: 5 },
  { kind: 'Value History Bars', x: 0, y: 5, w: 8, h: 4 },
  { kind: 'Income Table', x: 8, y: 5, w: 4, h: 4 },
];

function starterWidgets(type: TDashboardType, allowed: readonly string[]): TWidget[] {
  const columns = GRID_COLUMNS[type];
  let y = 0;
  return STARTER_DESKTOP.filter((item) => allowed.includes(item.kind)).map((item, index) => {
    const layout =
      type === 'desktop'
        ? { x: item.x, y: item.y, w: item.w, h: item.h }
        : { x: 0, y, w: columns, h: item.h };
    y += item.h;
    return { id: `w${index + 1}`, kind: item.kind, layout, settings: {} };
  });
}

/**
 * Dashboards are each member's own view of a repository (read access is enough; nobody sees another
 * user's). The caller's plan decides which widget kinds may be added.
 */
export function createDashboardsService(db: Kysely<Database>) {
  async function allowedKinds(userId: string): Promise<{ kinds: string[]; planId: string }> {
    const { plan } = await getEffectiveSubscription(db, userId);
    return { kinds: allowedWidgetKinds(plan.dashboard_widgets as 'all' | string[]), planId: plan.id };
  }

  function check(
    name: unknown,
    widgets: readonly TWidget[] | undefined,
    type: TDashboardType,
    plan: { kinds: string[]; planId: string },
  ) {
    const errors = [
      ...(name === undefined ? [] : validateName(name)),
      ...validateWidgets(widgets ?? [], type),
    ];
    if (errors.length > 0)
      throw fieldError(Object.fromEntries(errors.map((error) => [error.field, [error.message]])));
    const refused = (widgets ?? []).map((widget) => widget.kind).filter((kind) => !plan.kinds.includes(kind));
    if (refused.length > 0) {
      throw new AppError('FORBIDDEN', `${[...new Set(refused)].join(', ')} is not available on your plan`, {
        details: { reason: 'PLAN_LIMIT', plan_id: plan.planId, kinds: [...new Set(refused)] },
      });
    }
  }

  async function own(user: TAccessUser | null, id: string) {
    const row = await db.selectFrom('dashboard_views').selectAll().where('id', '=', id).executeTakeFirst();
    // Another member's dashboard is as absent as a missing one.
    const mine = row && user && row.user_id === user.id ? row : undefined;
    await requireRecordAccess(db, user, mine?.repository_id, 'read', DASHBOARD_NOT_FOUND);
    return mine as TRow;
  }

  async function takenSlugs(repositoryId: string, userId: string, type: string, exceptId?: string) {
    let query = db
      .selectFrom('dashboard_views')
      .select('slug')
      .where('repository_id', '=', repositoryId)
      .where('user_id', '=', userId)
      .where('type', '=', type);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return new Set((await query.execute()).map((row) => row.slug));
  }

  return {
    async list(user: TAccessUser | null, repositoryId: string, type: TDashboardType | undefined) {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const userId = (user as TAccessUser).id;
      const mine = () =>
        db
          .selectFrom('dashboard_views')
          .selectAll()
          .where('repository_id', '=', repositoryId)
          .where('user_id', '=', userId)
          .orderBy('type')
          .orderBy('position')
          .orderBy('created_at')
          .execute();
      let rows = await mine();
      if (rows.length === 0) {
        const { kinds } = await allowedKinds(userId);
        await db
          .insertInto('dashboard_views')
          .values(
            (['desktop', 'mobile'] as const).map((kind) => ({
              repository_id: repositoryId,
              user_id: userId,
              type: kind,
              name: 'Overview',
              slug: 'overview',
              widgets: JSON.stringify(starterWidgets(kind, kinds)),
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['repository_id', 'user_id', 'type', 'slug']).doNothing(),
          )
          .execute();
        rows = await mine();
      }
      return rows.filter((row) => !type || row.type === type).map(toView);
    },

    async create(
      user: TAccessUser | null,
      body: { repository_id: string; type: TDashboardType; name?: string | null; widgets: TWidget[] },
    ) {
      await requireRepositoryAccess(db, user, body.repository_id, 'read');
      const userId = (user as TAccessUser).id;
      check(body.name ?? null, body.widgets, body.type, await allowedKinds(userId));
      const name = (body.name as string).trim();
      const slug = freeSlug(slugify(name), await takenSlugs(body.repository_id, userId, body.type));
      const { count } = await db
        .selectFrom('dashboard_views')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('repository_id', '=', body.repository_id)
        .where('user_id', '=', userId)
        .where('type', '=', body.type)
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto('dashboard_views')
        .values({
          repository_id: body.repository_id,
          user_id: userId,
          type: body.type,
          name,
          slug,
          position: Number(count),
          widgets: JSON.stringify(body.widgets),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toView(row);
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: { name?: string | null; position?: number; widgets?: TWidget[] },
    ) {
      const row = await own(user, id);
      check(body.name, body.widgets, row.type as TDashboardType, await allowedKinds(row.user_id));
      const name = body.name === undefined ? row.name : (body.name as string).trim();
      const slug =
        name === row.name
          ? row.slug
          : freeSlug(slugify(name), await takenSlugs(row.repository_id, row.user_id, row.type, id));
      const updated = await db
        .updateTable('dashboard_views')
        .set({
          name,
          slug,
          ...(body.position === undefined ? {} : { position: body.position }),
          ...(body.widgets === undefined ? {} : { widgets: JSON.stringify(body.widgets) }),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toView(updated);
    },

    async remove(user: TAccessUser | null, id: string) {
      const row = await own(user, id);
      await db.deleteFrom('dashboard_views').where('id', '=', id).execute();
      return { message: `Dashboard ${row.name} deleted` };
    },
  };
}
