import { listLinkedBalances } from '@strata/contracts/linked-balances';
import type { FastifyInstance } from 'fastify';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createLinkedBalancesService } from './linked-balances.service.ts';

/** GET linked_data/accounts/{id}/balances, inside the linked-data plugin (docs/linked-data.md). */
export function registerLinkedBalancesRoutes(app: FastifyInstance): void {
  const service = createLinkedBalancesService(app.db);
  const route = routesFrom(app, { tags: ['linked-data'], preValidation: app.authenticate });
  route(listLinkedBalances, {
    handler: async (request) => service.list(request.user, request.params.id, request.query.latest === true),
  });
}
