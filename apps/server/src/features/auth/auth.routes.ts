import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../plugins/app-error.ts';
import { CLIENT_IP_HEADER, type TAuth } from './auth.ts';
import { toFetchHeaders } from './request-headers.ts';
import type { TSessionCache } from './session-cache.ts';

export type TAuthSession = NonNullable<Awaited<ReturnType<TAuth['api']['getSession']>>>;
export type TSessionUser = TAuthSession['user'];

declare module 'fastify' {
  interface FastifyInstance {
    auth: TAuth;
    /** preHandler: loads the session or answers 401; afterwards `request.user` is set. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user; null before `authenticate` ran or when anonymous. */
    user: TSessionUser | null;
    authSession: TAuthSession['session'] | null;
  }
}

export interface TAuthRoutesOptions {
  auth: TAuth;
  /** The app's public origin; better-auth routes by the URL it is given. */
  publicUrl: string;
  /** This instance's sessions (plugins/caches.ts): dropped here and on every instance after an auth write. */
  sessions: TSessionCache<TAuthSession>;
}

/** How long a resolved session is reused without asking the database (see session-cache.ts). */
export const SESSION_CACHE_TTL_MS = 10_000;

/**
 * Mounts better-auth at /api/auth/* and exposes `app.authenticate` and `request.user` to the whole app
 * (fastify-plugin, so the decorations are not encapsulated).
 */
export const authRoutes = fp<TAuthRoutesOptions>(
  async (app: FastifyInstance, { auth, publicUrl, sessions }) => {
    app.decorate('auth', auth);
    app.decorateRequest('user', null);
    app.decorateRequest('authSession', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const cookie = request.headers.cookie;
      const cached = cookie ? sessions.get(cookie) : undefined;
      const generation = sessions.generation;
      const found = cached ?? (await auth.api.getSession({ headers: toFetchHeaders(request) }));
      if (!found) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
      // A session read while an auth write ran may be the one that write ended: not kept.
      if (cookie && !cached && sessions.generation === generation) {
        sessions.set(cookie, found, found.session.expiresAt);
      }
      request.user = found.user;
      request.authSession = found.session;
    });
    // Mails still being sent when the server stops would be lost.
    app.addHook('onClose', async () => {
      auth.oidcDiscovery?.stop();
      await auth.backgroundTasks.idle();
    });
    await app.register(authProxy, {
      auth,
      publicUrl,
      onWrite: async () => {
        sessions.clear();
        await app.cacheBus.publish({ cache: 'sessions' });
      },
    });
  },
  { name: 'auth', dependencies: ['errors', 'caches'] },
);

/** Encapsulated so its raw-body parsers do not replace the JSON parser of the other routes. */
async function authProxy(
  app: FastifyInstance,
  { auth, publicUrl, onWrite }: Omit<TAuthRoutesOptions, 'sessions'> & { onWrite: () => Promise<void> },
): Promise<void> {
  const origin = new URL(publicUrl).origin;
  // better-auth parses the body itself, so hand it the bytes untouched, whatever the content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const headers = toFetchHeaders(request);
      headers.delete(CLIENT_IP_HEADER);
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
      const response = await auth.handler(
        new Request(new URL(request.url, origin), {
          method: request.method,
          headers,
          body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
        }),
      );
      // After the write (and bumping the generation, so a lookup racing it cannot store what it read).
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS')
        await onWrite();
      return sendFetchResponse(reply, response);
    },
  });
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status === 429) return reply.type('application/json').send(rateLimitedBody(body));
  return reply.send(body);
}

/** better-auth's 429 carries only a message; give it the API's error shape. */
function rateLimitedBody(body: Buffer): { code: 'RATE_LIMITED'; message: string } {
  let message = 'Too many requests. Please try again later.';
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // Keep the default text.
  }
  return { code: 'RATE_LIMITED', message };
}
