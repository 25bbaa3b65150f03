import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from './errors.ts';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Serves the built web app and answers unknown page URLs with index.html so the client router can take
 * over. Owns the root not-found handler; API paths still get the JSON 404.
 */
export const staticWebPlugin = fp<{ distDir: string; isServingSourceMaps: boolean }>(
  async (app: FastifyInstance, { distDir, isServingSourceMaps }) => {
    const hasIndex = existsSync(join(distDir, 'index.html'));

    if (!hasIndex) {
      app.log.warn(`The web app is not built (${distDir}/index.html is missing): run \`npm run build\``);
      app.setNotFoundHandler((request, reply) => {
        if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
          return reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .send(`The Strata web app is not built. Run \`npm run build\`, then restart the server.\n`);
        }
        return sendRouteNotFound(request, reply);
      });
      return;
    }

    await app.register(fastifyStatic, {
      root: distDir,
      // Source maps show the source; a build may hold them (an older one, a local one) without their being asked for.
      allowedPath: (pathName) => isServingSourceMaps || !pathName.endsWith('.map'),
      // Hashed assets never change; index.html must be revalidated to pick up a new build.
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.startsWith(join(distDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (wantsPage(request)) return reply.type('text/html; charset=utf-8').sendFile('index.html');
      return sendRouteNotFound(request, reply);
    });
  },
  { name: 'static-web' },
);
