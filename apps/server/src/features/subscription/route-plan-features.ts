import type { TPlanDefinition } from '@strata/contracts/subscription';
import {
  cheapestPlanWith,
  featureNotInPlanMessage,
  planHasFeature,
  type TPlanFeature,
  upgradeForFeatureMessage,
} from '@strata/core/plans/plan-features';
import type { Database } from '@strata/db/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { plans } from './plans.ts';
import { getEffectiveSubscription } from './subscription-state.ts';

/**
 * What a route needs from a plan's `features` (config/plans.json):
 * - 'free': nothing;
 * - owner: the feature must be in the plan of the repository's owner (the plan travels with the repository,
 *   as for PRO transaction types): the route's actor carries the feature and `requireRepositoryAccess`,
 *   the one access check of every repository-scoped service, refuses it after the membership checks, so a
 *   stranger still gets 404;
 * - caller: the feature must be in the caller's own plan (what the call creates will be theirs), decided
 *   from the request before the handler runs; `null` = this request needs nothing.
 */
export type TRoutePlanRule =
  | 'free'
  | { plan: 'owner'; feature: TPlanFeature }
  | { plan: 'caller'; featureOf: (request: FastifyRequest) => TPlanFeature | null };

const owner = (feature: TPlanFeature): TRoutePlanRule => ({ plan: 'owner', feature });

/**
 * Every /api route, keyed `METHOD /api/url`. The server refuses to start with a route missing here, so a new
 * route cannot forget its plan feature silently: it must be mapped or declared free.
 */
export const ROUTE_PLAN_RULES: Readonly<Record<string, TRoutePlanRule>> = {
  'GET /api/health': 'free',
  'GET /api/health/live': 'free',
  'GET /api/health/ready': 'free',
  'GET /api/auth-providers': 'free',
  'GET /api/client-config': 'free',
  'GET /api/hubspot': 'free',
  'GET /api/users/:uuid/settings': 'free',
  'POST /api/users/:uuid/settings': 'free',

  'GET /api/repositories': 'free',
  'POST /api/repositories': 'free',
  'POST /api/repositories/:id/initialize': 'free',
  'PUT /api/repositories/:id': 'free',
  'PUT /api/repositories/:id/user_repo_settings': 'free',
  'DELETE /api/repositories/:id': 'free',
  'GET /api/repositories/:id/export': owner('export'),
  'DELETE /api/cache/analytics/:id': 'free',
  'GET /api/currencies': 'free',

  // Sharing is the owner's act; members may always see who else is in, answer invites and leave.
  'GET /api/collaborators': 'free',
  'PUT /api/collaborators/:emailOrId': owner('collaboration'),
  'DELETE /api/collaborators/:emailOrId': 'free',
  'GET /api/invites': 'free',
  'POST /api/invites': owner('collaboration'),
  'PUT /api/invites/:id/accept': 'free',
  'PUT /api/invites/:id/decline': 'free',
  'DELETE /api/invites/:id': 'free',

  'GET /api/subscription': 'free',
  'GET /api/subscription/plans': 'free',
  'GET /api/subscription/hosted_page_session': 'free',
  'POST /api/subscription/switch_plan': 'free',

  'GET /api/tasks': 'free',
  'PATCH /api/tasks/:id': 'free',
  'DELETE /api/tasks/:id': 'free',

  // A repository file becomes a repository of the caller's; a manual sync feeds a linked account.
  'POST /api/file_upload': {
    plan: 'caller',
    featureOf: (request) => {
      const type = (request.body as { type?: unknown } | undefined)?.type;
      if (type === 'repository') return 'import';
      if (type === 'manual_sync') return 'linked_accounts';
      return null;
    },
  },
  // The signed policy is the permission; the plan was checked when file_upload issued it.
  'POST /api/files/upload': 'free',

  'GET /api/assets': 'free',
  'GET /api/asset_types': 'free',
  'GET /api/assets/:id': 'free',
  'POST /api/assets': 'free',
  'PUT /api/assets/:id': 'free',
  'DELETE /api/assets/:id': 'free',
  'DELETE /api/assets': 'free',
  'POST /api/assets/:id/restore': 'free',

  'GET /api/asset_prices': 'free',
  'POST /api/asset_prices': 'free',
  'PUT /api/asset_prices/:id': 'free',
  'DELETE /api/asset_prices/:id': 'free',
  'POST /api/asset_prices/csv/preview': 'free',
  'POST /api/asset_prices/csv': 'free',

  'GET /api/tags': 'free',
  'POST /api/tags': 'free',
  'PUT /api/tags/:id': 'free',
  'DELETE /api/tags/:id': 'free',
  'GET /api/asset_tags': 'free',
  'POST /api/asset_tags': 'free',
  'PUT /api/asset_tags/:id': 'free',
  'DELETE /api/asset_tags/:id': 'free',

  // Transaction CSV import and export are grid tools, not the plan's repository export/import.
  'GET /api/transactions': 'free',
  'GET /api/transactions/summary': 'free',
  'GET /api/transactions/export': 'free',
  'GET /api/transactions/:id': 'free',
  'POST /api/transactions': 'free',
  'POST /api/transactions/import': 'free',
  'GET /api/transactions/import/:id': 'free',
  'GET /api/transactions/import/:id/events': 'free',
  'PUT /api/transactions/:id': 'free',
  'DELETE /api/transactions': 'free',
  'POST /api/transactions/:id/restore': 'free',
  'POST /api/transactions/restore': 'free',
  'DELETE /api/transactions/trash/empty': 'free',
  'GET /api/transactions_settings': 'free',
  'GET /api/filter_options': 'free',

  'GET /api/repositories/:id/analytics': owner('analytics'),
  'GET /api/ws/analytics': owner('analytics'),
  // The assistant answers from analytics: the same plan feature as the pages it reads.
  'GET /api/assistant': 'free',
  'POST /api/repositories/:id/assistant': owner('analytics'),

  // Dashboards are each member's own view; their widget kinds are checked against the caller's plan.
  'GET /api/dashboard_views': 'free',
  'POST /api/dashboard_views': 'free',
  'PUT /api/dashboard_views/:id': 'free',
  'DELETE /api/dashboard_views/:id': 'free',

  'GET /api/contact_info': owner('contacts'),
  'GET /api/contact_info/:id': owner('contacts'),
  'POST /api/contact_info': owner('contacts'),
  'PUT /api/contact_info/:id': owner('contacts'),
  'DELETE /api/contact_info/:id': owner('contacts'),

  'POST /api/linked_data/connectors/manual': owner('linked_accounts'),
  'GET /api/linked_data/connectors': owner('linked_accounts'),
  'PATCH /api/linked_data/connectors/:id': owner('linked_accounts'),
  'PUT /api/linked_data/connectors/:id': owner('linked_accounts'),
  'DELETE /api/linked_data/connectors/:id': owner('linked_accounts'),
  'GET /api/linked_data/accounts': owner('linked_accounts'),
  'GET /api/linked_data/accounts/:id': owner('linked_accounts'),
  'GET /api/linked_data/accounts/:id/sync_events': owner('linked_accounts'),
  'GET /api/linked_data/events/:id': owner('linked_accounts'),
  'GET /api/linked_data/transactions': owner('linked_accounts'),
  'GET /api/linked_data/transactions/:id': owner('linked_accounts'),
  'POST /api/linked_data/connectors': owner('linked_accounts'),
  'POST /api/linked_data/connectors/:id/map_repository': owner('linked_accounts'),
  'GET /api/linked_data/connectors/:id/import': owner('linked_accounts'),
  'PUT /api/linked_data/accounts': owner('linked_accounts'),
  'PUT /api/linked_data/accounts/map': owner('linked_accounts'),
  'PUT /api/linked_data/accounts/repository_link': owner('linked_accounts'),
  'GET /api/linked_data/csv_profiles': owner('linked_accounts'),
  'POST /api/linked_data/csv_profiles': owner('linked_accounts'),
  'PUT /api/linked_data/csv_profiles/:id': owner('linked_accounts'),
  'DELETE /api/linked_data/csv_profiles/:id': owner('linked_accounts'),
  // Rules act on linked transactions: the same plan feature.
  'GET /api/rules': owner('linked_accounts'),
  'POST /api/rules': owner('linked_accounts'),
  'PUT /api/rules/:id': owner('linked_accounts'),
  'DELETE /api/rules/:id': owner('linked_accounts'),
  'PUT /api/rules/:id/reorder': owner('linked_accounts'),
  'PUT /api/rules/:id/enable': owner('linked_accounts'),
  'PUT /api/rules/:id/disable': owner('linked_accounts'),
  'POST /api/rules/apply': owner('linked_accounts'),
  'POST /api/rules/transactions_preview': owner('linked_accounts'),
  'PUT /api/linked_data/transactions': owner('linked_accounts'),
  'GET /api/linked_data/transactions_options': owner('linked_accounts'),
  'GET /api/linked_data/transactions_pivot': owner('linked_accounts'),
  'GET /api/linked_data/transaction_tags': owner('linked_accounts'),
  'POST /api/linked_data/transaction_tags': owner('linked_accounts'),
  'PUT /api/linked_data/transaction_tags/:id': owner('linked_accounts'),
  'DELETE /api/linked_data/transaction_tags/:id': owner('linked_accounts'),
  'GET /api/linked_data/positions': owner('linked_accounts'),
  'GET /api/linked_data/positions/:id': owner('linked_accounts'),
  // Live connectors (issue #24): linking and syncing feed linked accounts; the provider list is the server's.
  'GET /api/linked_data/access_token': owner('linked_accounts'),
  'POST /api/linked_data/connectors/:id/sync': owner('linked_accounts'),
  'GET /api/linked_data/connectors/:id/schedule': owner('linked_accounts'),
  'PUT /api/linked_data/connectors/:id/schedule': owner('linked_accounts'),
  'GET /api/linked_data/providers': 'free',
  // The aggregators' bank list, like the provider list: the server's, before any repository is chosen.
  'GET /api/institutions/search': 'free',
  'GET /api/linked_data/authorization_url/:connector': owner('linked_accounts'),
  'GET /api/linked_data/callback/:connector': owner('linked_accounts'),
  'POST /api/linked_data/arch_sync': owner('linked_accounts'),
  'POST /api/linked_data/kraken_sync': owner('linked_accounts'),
  'GET /api/linked_data/accounts/:id/balances': owner('linked_accounts'),
  'DELETE /api/linked_data/connectors/:id/map_repository': owner('linked_accounts'),

  'GET /api/documents': owner('documents'),
  'GET /api/documents/:id': owner('documents'),
  'POST /api/documents': owner('documents'),
  'PUT /api/documents/:id': owner('documents'),
  'DELETE /api/documents/:id': owner('documents'),
  'POST /api/documents/:id/upload': owner('documents'),
  'GET /api/documents/:id/open': owner('documents'),
  // A signed link, the permission itself; /open checked the plan when it signed it.
  'GET /api/documents/:id/file': 'free',
  'GET /api/document_tags': owner('documents'),
  'POST /api/document_tags': owner('documents'),
  'PUT /api/document_tags/:id': owner('documents'),
  'DELETE /api/document_tags/:id': owner('documents'),

  // Search itself is every plan's; its contacts and documents groups follow the owner's plan (search.service.ts).
  'GET /api/search': 'free',

  // Market data is every plan's: prices the user would otherwise type by hand (issue 25).
  'GET /api/sec_master/:id': 'free',
  'PUT /api/sec_master/:id': 'free',
  'DELETE /api/sec_master/:id': 'free',
  'GET /api/ws/security_master': 'free',
  'GET /api/market_data/daily_prices': 'free',
  'GET /api/market_data/status': 'free',
  'POST /api/market_data/sync': 'free',
  // Journal imports (issue 28): moving in is free, like the CSV import.
  'POST /api/journal_imports/preview': 'free',
  'POST /api/journal_imports': 'free',
  'GET /api/journal_imports/:id': 'free',
  'POST /api/journal_imports/uploads': 'free',
  'POST /api/journal_imports/:id/preview': 'free',
  'POST /api/journal_imports/:id/start': 'free',
};

/**
 * Routes outside the plan: better-auth's own, the OpenAPI documents, what Fastify adds, and the routes tests
 * mount under /api/test-only to exercise the app's hooks.
 */
function isOutsidePlans(method: string, url: string): boolean {
  return (
    method === 'HEAD' ||
    method === 'OPTIONS' ||
    !(url === '/api' || url.startsWith('/api/')) ||
    url === '/api/docs' ||
    url.startsWith('/api/docs/') ||
    url.startsWith('/api/auth/') ||
    url.startsWith('/api/test-only/')
  );
}

/** 403 (a permission the plan does not grant; 402 stays for an inactive subscription) naming the upgrade. */
export function assertPlanFeature(plan: TPlanDefinition, feature: TPlanFeature): void {
  if (planHasFeature(plan, feature)) return;
  const upgrade = cheapestPlanWith(plans(), feature);
  throw new AppError('FORBIDDEN', featureNotInPlanMessage(feature, plan.name), {
    details: {
      reason: 'PLAN_FEATURE',
      feature,
      plan_id: plan.id,
      upgrade_plan: upgrade?.id ?? null,
      upgrade_message: upgrade ? upgradeForFeatureMessage(feature, upgrade.name) : null,
    },
  });
}

/** assertPlanFeature on the plan `planHolderId`'s subscription gives them. */
export async function requirePlanFeature(
  db: Kysely<Database>,
  planHolderId: string,
  feature: TPlanFeature,
): Promise<void> {
  const { plan } = await getEffectiveSubscription(db, planHolderId);
  assertPlanFeature(plan, feature);
}

/** Applies ROUTE_PLAN_RULES to every route registered after it; register it before any route. */
export const routePlanFeaturesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (isOutsidePlans(method, route.url)) continue;
        const rule = ROUTE_PLAN_RULES[`${method} ${route.url}`];
        if (rule === undefined) {
          throw new Error(
            `${method} ${route.url} has no plan rule: map it to a plan feature or declare it free in route-plan-features.ts`,
          );
        }
        if (rule === 'free') continue;
        const existing = route.preHandler === undefined ? [] : [route.preHandler].flat();
        route.preHandler = [
          ...existing,
          async (request: FastifyRequest) => {
            if (!request.user) return;
            if (rule.plan === 'owner') {
              // A copy: the session cache shares the user object between requests.
              const actor: typeof request.user & { planFeature: TPlanFeature } = {
                ...request.user,
                planFeature: rule.feature,
              };
              request.user = actor;
              return;
            }
            const feature = rule.featureOf(request);
            if (feature) await requirePlanFeature(app.db, request.user.id, feature);
          },
        ];
      }
    });
  },
  { name: 'route-plan-features' },
);
