import { API_PREFIX, type TEndpoint } from '@strata/contracts/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type TOk<E extends TEndpoint> = E['response'][200] extends z.ZodType ? z.output<E['response'][200]> : never;

export interface TReadInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

/** Reads one GET endpoint as the person asking; answers its 200 body parsed by the contract. */
export type TReadAsCaller = <E extends TEndpoint>(endpoint: E, input: TReadInput) => Promise<TOk<E>>;

/** A tool's read was refused or failed: the route's own message, told to the model as the tool's result. */
export class ToolReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolReadError';
  }
}

function pathOf(endpoint: TEndpoint, input: TReadInput): string {
  const path = endpoint.url.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`missing path parameter :${name} of ${endpoint.url}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.size > 0 ? `?${query}` : '';
  return `${API_PREFIX}${path}${search}`;
}

/**
 * The tools read through the app's own GET routes, in process (`inject`), carrying the asking request's
 * session: every read gets exactly that route's authentication, repository access check, plan check and
 * contract — the assistant can never see more than the person could by opening the page. Only GET
 * endpoints are accepted, so no tool can write.
 */
export function readAsCallerOf(app: FastifyInstance, request: FastifyRequest): TReadAsCaller {
  const headers: Record<string, string> = { 'x-correlation-id': request.id };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  return async (endpoint, input) => {
    if (endpoint.method !== 'GET')
      throw new Error(`the assistant only reads; ${endpoint.url} is a ${endpoint.method}`);
    const response = await app.inject({ method: 'GET', url: pathOf(endpoint, input), headers });
    let body: unknown;
    try {
      body = response.json();
    } catch {
      throw new ToolReadError(`the read answered ${response.statusCode}`);
    }
    if (response.statusCode !== 200) {
      const message = (body as { message?: unknown } | null)?.message;
      throw new ToolReadError(
        typeof message === 'string' ? message : `the read answered ${response.statusCode}`,
      );
    }
    const schema = endpoint.response[200] as z.ZodType;
    return schema.parse(body) as never;
  };
}
