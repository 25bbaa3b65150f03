import type { TEndpoint } from '@strata/contracts/endpoint';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify schema an endpoint implies, so handlers see its body, query and params as zod parsed them. */
type TSchemaOf<E extends TEndpoint> = {
  body: E extends { body: infer B } ? B : undefined;
  querystring: E extends { querystring: infer Q } ? Q : undefined;
  params: E extends { params: infer P } ? P : undefined;
  response: E['response'];
};

/** Everything of a Fastify route but what the endpoint already says (method, url, schema). */
export type TEndpointRouteOptions<E extends TEndpoint> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    unknown,
    TSchemaOf<E> & FastifySchema,
    ZodTypeProvider,
    FastifyBaseLogger
  >,
  'method' | 'url' | 'schema'
> & {
  /** OpenAPI tags. */
  tags: string[];
  /** Left out of the OpenAPI document (the WebSocket upgrade). */
  isHidden?: boolean;
  /**
   * The handler writes a body that is not JSON (CSV, an event stream): the endpoint's 200 is not used as a
   * response schema, so OpenAPI does not call it JSON.
   */
  isResponseRaw?: boolean;
};

/** Options that every route of a feature shares, e.g. its tags and `preValidation: app.authenticate`. */
export type TSharedRouteOptions = Partial<Pick<TEndpointRouteOptions<TEndpoint>, 'tags' | 'preValidation'>>;

// biome-ignore lint/suspicious/noExplicitAny: any type provider; the handler's types come from the endpoint.
type TAnyApp = FastifyInstance<any, any, any, any, any>;

/**
 * The status a handler's plain return value is sent with: the endpoint's lowest 2xx (201 for a create, 204
 * for an empty answer), so a handler just returns and the contract alone says which success it is.
 */
export function successStatusOf(endpoint: TEndpoint): number {
  const codes = Object.keys(endpoint.response)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b);
  return codes[0] ?? 200;
}

/**
 * Registers a route from its contract (packages/contracts): method, URL, summary and the body, query,
 * params and response schemas all come from the endpoint object, never retyped here.
 */
export function routeFrom<const E extends TEndpoint>(
  app: TAnyApp,
  endpoint: E,
  options: TEndpointRouteOptions<E>,
): void {
  const { tags, isHidden, isResponseRaw, handler, ...rest } = options;
  const status = successStatusOf(endpoint);
  const schema: FastifySchema & { summary?: string; tags: string[]; hide?: boolean } = { tags };
  if (endpoint.summary !== undefined) schema.summary = endpoint.summary;
  if (isHidden) schema.hide = true;
  if (endpoint.querystring) schema.querystring = endpoint.querystring;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.body) schema.body = endpoint.body;
  if (!isResponseRaw) schema.response = endpoint.response;
  app.route({
    ...rest,
    method: endpoint.method,
    url: endpoint.url,
    schema,
    // A handler that sets its own status (202 for a background import) still wins: it runs after this.
    handler:
      status === 200
        ? handler
        : function withSuccessStatus(this: FastifyInstance, request, reply) {
            reply.code(status);
            return (handler as (...args: unknown[]) => unknown).call(this, request, reply);
          },
  } as RouteOptions);
}

/** `routeFrom` with a feature's shared options; a route's own options override them. */
export function routesFrom(app: TAnyApp, shared: TSharedRouteOptions) {
  return <const E extends TEndpoint>(
    endpoint: E,
    options: Omit<TEndpointRouteOptions<E>, 'tags'> & { tags?: string[] },
  ): void => {
    routeFrom(app, endpoint, { ...shared, ...options } as TEndpointRouteOptions<E>);
  };
}
