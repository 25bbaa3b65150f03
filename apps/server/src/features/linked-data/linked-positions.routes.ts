import { getLinkedPosition, listLinkedPositions } from '@strata/contracts/linked-positions';
import type { FastifyInstance } from 'fastify';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createLinkedPositionsService } from './linked-positions.service.ts';

/** GET linked_data/positions and positions/{id} (linked seed §7), inside the linked-data plugin. */
export function registerLinkedPositionsRoutes(app: FastifyInstance): void {
  const service = createLinkedPositionsService({ db: app.db });
  const route = routesFrom(app, { tags: ['linked-data'], preValidation: app.authenticate });
  route(listLinkedPositions, { handler: async (request) => service.list(request.user, request.query) });
  route(getLinkedPosition, {
    handler: async (request) => service.get(request.user, request.params.id, request.query.repository_id),
  });
}
