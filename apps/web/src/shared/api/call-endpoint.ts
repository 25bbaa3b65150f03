import type { TEndpoint } from '@strata/contracts/endpoint';
import type { z } from 'zod';
import { apiFetch, type TQueryValue, type TResponseSchema } from './api-client.ts';

type TSuccessStatusOf<E extends TEndpoint> = {
  [K in keyof E['response']]: K extends number ? (`${K}` extends `2${string}` ? K : never) : never;
}[keyof E['response']];

/** The parsed answer for one status of an endpoint. */
export type TEndpointResponse<E extends TEndpoint, S extends keyof E['response'] = TSuccessStatusOf<E>> = {
  [K in S]: E['response'][K] extends z.ZodType ? z.output<E['response'][K]> : never;
}[S];

/** What the endpoint takes as its JSON body (before the server's schema parses it). */
export type TEndpointBody<E extends TEndpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

type TParamsInput<E extends TEndpoint> = E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: never };

// Query values travel as text or JSON text (see buildQueryString), so the contract names the keys and the
// server's schema checks the values; the web may pass the structured value (a sort list) it stands for.
type TQueryInput<E extends TEndpoint> = E['querystring'] extends z.ZodType
  ? { query?: { [K in keyof z.input<E['querystring']>]?: TQueryValue } }
  : { query?: never };

type TBodyInput<E extends TEndpoint> = E['body'] extends z.ZodType
  ? { body: TEndpointBody<E> | FormData }
  : { body?: never };

export type TEndpointCall<E extends TEndpoint, S extends TSuccessStatusOf<E>> = TParamsInput<E> &
  TQueryInput<E> &
  TBodyInput<E> & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** The session probe: see `TApiFetchOptions.isAuthProbe`. */
    isAuthProbe?: boolean;
    /**
     * The success status this request asks for, where an endpoint has more than one (an import answers 201
     * when done and 202 when sent to the background): the answer is typed, and parsed, as that status's.
     */
    status?: S;
    /** Check the answer against the contract's response schema (and take its parsed value). */
    isParsed?: boolean;
  };

/** `/repositories/:id/export` with `{ id }` → `/repositories/r-1/export`; every `:name` must be given. */
export function fillPath(url: string, params: Record<string, unknown> | undefined): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter ":${name}" for ${url}`);
    return encodeURIComponent(String(value));
  });
}

function successSchema(endpoint: TEndpoint, status: number | undefined): TResponseSchema<unknown> {
  const statuses = Object.keys(endpoint.response)
    .map(Number)
    .filter((code) => (status === undefined ? code >= 200 && code < 300 : code === status));
  const schemas = statuses.map((code) => endpoint.response[code] as z.ZodType);
  return {
    parse(value) {
      let firstError: unknown;
      for (const schema of schemas) {
        const result = schema.safeParse(value);
        if (result.success) return result.data;
        firstError ??= result.error;
      }
      throw (
        firstError ?? new Error(`No success response in the contract of ${endpoint.method} ${endpoint.url}`)
      );
    },
  };
}

/**
 * Calls an endpoint from its contract: method and path come from the endpoint object, `:param`s are filled
 * from `params`, and the answer is typed as the endpoint's success response — so neither the path nor the
 * response type is written a second time in the web app.
 */
export function callEndpoint<E extends TEndpoint, S extends TSuccessStatusOf<E> = TSuccessStatusOf<E>>(
  endpoint: E,
  ...[call]: Record<never, never> extends TEndpointCall<E, S>
    ? [call?: TEndpointCall<E, S>]
    : [call: TEndpointCall<E, S>]
): Promise<TEndpointResponse<E, S>> {
  const { params, query, body, signal, headers, isAuthProbe, status, isParsed } = (call ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, TQueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    isAuthProbe?: boolean;
    status?: number;
    isParsed?: boolean;
  };
  return apiFetch<TEndpointResponse<E, S>>(fillPath(endpoint.url, params), {
    method: endpoint.method,
    query,
    body,
    signal,
    headers,
    isAuthProbe,
    schema: isParsed
      ? (successSchema(endpoint, status) as TResponseSchema<TEndpointResponse<E, S>>)
      : undefined,
  });
}
