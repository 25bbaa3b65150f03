import type { z } from 'zod';

/** Prefix under which every endpoint URL below is mounted. */
export const API_PREFIX = '/api';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint's contract: the server registers the route from it, the web app builds its fetcher from it.
 * `url` is relative to {@link API_PREFIX} and uses Fastify's `:param` syntax.
 */
export interface TEndpoint {
  method: THttpMethod;
  url: `/${string}`;
  summary?: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response: Record<number, z.ZodType>;
}

/** Keeps the literal types of an endpoint while checking its shape. */
export function defineEndpoint<const T extends TEndpoint>(endpoint: T): T {
  return endpoint;
}
