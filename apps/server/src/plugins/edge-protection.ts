import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

export interface TEdgeProtectionOptions {
  /** The app's public address; its origin is the only one allowed to write, and https turns HSTS on. */
  publicUrl: string;
  /** Origins beside our own that the browser talks to: the S3 endpoint of presigned uploads and reads. */
  fileOrigins: readonly string[];
  /** Outside services the page uses when configured (the error reporter, the chat widget): per directive. */
  serviceOrigins?: TServiceOrigins;
}

/** Sources a configured outside service needs the page's Content-Security-Policy to allow. */
export interface TServiceOrigins {
  script?: readonly string[];
  connect?: readonly string[];
  frame?: readonly string[];
  img?: readonly string[];
}

/** Several services' sources, each directive's list once. */
export function mergeServiceOrigins(...services: TServiceOrigins[]): Required<TServiceOrigins> {
  const merged = {
    script: new Set<string>(),
    connect: new Set<string>(),
    frame: new Set<string>(),
    img: new Set<string>(),
  };
  for (const service of services) {
    for (const key of ['script', 'connect', 'frame', 'img'] as const) {
      for (const origin of service[key] ?? []) merged[key].add(origin);
    }
  }
  return {
    script: [...merged.script],
    connect: [...merged.connect],
    frame: [...merged.frame],
    img: [...merged.img],
  };
}

/** Where the browser reaches the file store directly (presigned S3 posts and reads); the local store is ours. */
export function fileStoreOrigins(env: {
  FILE_STORE: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_FORCE_PATH_STYLE: boolean;
}): string[] {
  if (env.FILE_STORE !== 's3') return [];
  if (!env.S3_ENDPOINT) return [`https://*.amazonaws.com`];
  const endpoint = new URL(env.S3_ENDPOINT);
  if (env.S3_FORCE_PATH_STYLE || !env.S3_BUCKET) return [endpoint.origin];
  return [endpoint.origin, `${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`];
}

export const CROSS_ORIGIN_MESSAGE = 'Cross-origin requests may not change data';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** better-auth's own origin check guards its mount with the same rule (docs/identity.md) and its own code. */
function isAuthPath(url: string): boolean {
  return url.startsWith('/api/auth/');
}

/**
 * Whether a request comes from a page of another origin. A browser sends `Origin` with every write and
 * every WebSocket handshake; where it is missing, `Sec-Fetch-Site` still tells a browser's cross-site
 * request. Neither header: not a browser (curl, scripts, tests), which cookies cannot be forged through.
 */
function isCrossOrigin(request: FastifyRequest, ownOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== ownOrigin;
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * The protections every response and request passes at the edge, in one place: security headers
 * (@fastify/helmet, configured here) and the refusal of cross-origin writes and WebSocket handshakes under
 * /api — every route, new ones included, but /api/auth/*, where better-auth already refuses them.
 */
export const edgeProtectionPlugin = fp<TEdgeProtectionOptions>(
  async (app: FastifyInstance, { publicUrl, fileOrigins, serviceOrigins = {} }) => {
    const own = new URL(publicUrl);
    const services = mergeServiceOrigins(serviceOrigins);
    const isHttps = own.protocol === 'https:';
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Vite's build has no inline script (apps/web/index.html loads one module file).
          scriptSrc: ["'self'", ...services.script],
          scriptSrcAttr: ["'none'"],
          // Mantine and Glide Data Grid set inline styles; styles cannot run code.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // data: for Swagger UI's and Mantine's inline icons, blob: for the thumbnail cropper's preview.
          imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins, ...services.img],
          fontSrc: ["'self'", 'data:'],
          // 'self' covers the same-origin WebSocket (ws:/wss:) in current browsers.
          connectSrc: ["'self'", ...fileOrigins, ...services.connect],
          // Only a configured chat widget frames anything (its conversation window).
          frameSrc: services.frame.length > 0 ? services.frame : null,
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // Only over https: on a plain-http install it would send the page's requests to a port that is not there.
          upgradeInsecureRequests: isHttps ? [] : null,
        },
      },
      // Our pages are never framed: frame-ancestors above, X-Frame-Options for older browsers.
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS over plain http would be ignored at best; sent only when the public address is https.
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    });

    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url) || isAuthPath(request.url)) return;
      const isWrite = WRITE_METHODS.has(request.method);
      const isUpgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
      if ((isWrite || isUpgrade) && isCrossOrigin(request, own.origin)) {
        throw new AppError('CROSS_ORIGIN', CROSS_ORIGIN_MESSAGE, { details: { allowedOrigin: own.origin } });
      }
    });

    // A handshake refused with an HTTP answer (this refusal, a 401) keeps its socket, which nobody reads
    // after the upgrade event: the server would hold it open for good. A handshake that succeeds is hijacked
    // by the WebSocket and never reaches onResponse.
    app.addHook('onResponse', async (request) => {
      if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
      const socket = request.raw.socket;
      socket.end(() => socket.destroy());
    });
  },
  { name: 'edge-protection', dependencies: ['errors'] },
);
