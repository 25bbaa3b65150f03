import {
  applyRule,
  createRule,
  deleteRule,
  disableRule,
  enableRule,
  listRules,
  previewRuleTransactions,
  reorderRule,
  updateRule,
} from '@strata/contracts/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { versionedBody } from '../../plugins/row-version.ts';
import { createRulesService } from './rules.service.ts';

/** Tagging and mapping rules (linked seed §7 "Rules"), mounted under /api. */
export const rulesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before rulesRoutes');
  const service = createRulesService(app.db);
  const route = routesFrom(app, { tags: ['rules'], preValidation: app.authenticate });

  route(listRules, {
    handler: async (request) => service.list(request.user, request.query.repository_id, request.query.type),
  });
  route(createRule, { handler: async (request) => service.create(request.user, request.body) });
  route(updateRule, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });
  route(deleteRule, { handler: async (request) => service.remove(request.user, request.params.id) });
  route(reorderRule, {
    handler: async (request) => service.reorder(request.user, request.params.id, request.body.order),
  });
  route(enableRule, {
    handler: async (request) => service.setEnabled(request.user, request.params.id, true),
  });
  route(disableRule, {
    handler: async (request) => service.setEnabled(request.user, request.params.id, false),
  });
  route(applyRule, { handler: async (request) => service.apply(request.user, request.body) });
  route(previewRuleTransactions, { handler: async (request) => service.preview(request.user, request.body) });
};
