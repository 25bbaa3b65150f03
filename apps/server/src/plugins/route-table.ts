import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface TRouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, one entry per method (HEAD routes Fastify adds included). */
    routeTable: readonly TRouteEntry[];
  }
}

/** Collects the route table; register it before any route. Read it after `app.ready()`. */
export const routeTablePlugin = fp(
  async (app: FastifyInstance) => {
    const routes: TRouteEntry[] = [];
    app.decorate('routeTable', routes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url });
    });
  },
  { name: 'route-table' },
);

/** The API routes of a ready app, e.g. for the authorization matrix test. */
export function listApiRoutes(app: FastifyInstance): TRouteEntry[] {
  return app.routeTable.filter((route) => route.url === '/api' || route.url.startsWith('/api/'));
}
