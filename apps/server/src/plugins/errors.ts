import { ErrorMessage, type TErrorBody, type TErrorCode, type TFieldErrors } from '@strata/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TErrorReporter } from '../error-reports/error-reporter.ts';
import { isAppError } from './app-error.ts';

export interface TErrorsPluginOptions {
  /** Unexpected errors (the 500s) go to it, tagged with the correlation id (docs/observability.md). */
  reporter?: TErrorReporter;
}

/** The one map from error codes to HTTP statuses (seed §8 semantics). */
export const statusByErrorCode: Record<TErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SOFT_DELETED_CONFLICT: 409,
  STALE_VERSION: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** For errors raised by Fastify or its plugins, which carry only a status. */
const errorCodeByStatus: Record<number, TErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

interface TMappedError {
  status: number;
  body: TErrorBody;
}

interface TValidationIssue {
  instancePath: string;
  message?: string;
}

/** `/items/0/name` → `items.0.name`; an issue on the whole part is named after it (`body`, `querystring`). */
function fieldNameOf(issue: TValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.split('/').filter(Boolean).join('.');
  return path || context || 'request';
}

export function fieldErrorsOf(issues: readonly TValidationIssue[], context?: string): TFieldErrors {
  const fieldErrors: TFieldErrors = {};
  for (const issue of issues) {
    const field = fieldNameOf(issue, context);
    const message = issue.message ?? 'is invalid';
    const messages = fieldErrors[field] ?? [];
    if (!messages.includes(message)) messages.push(message);
    fieldErrors[field] = messages;
  }
  return fieldErrors;
}

/** The seed's rule for an object message: `field: values` joined by '; '. */
export function flattenFieldErrors(fieldErrors: TFieldErrors): string {
  return Object.entries(fieldErrors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
}

function fastifyClientError(error: FastifyError, contentType: string | undefined): TMappedError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest(`The request body is not valid JSON: ${error.message}`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest("The request body is empty, but its content-type is 'application/json'");
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return badRequest(
        `Unsupported content type '${(contentType ?? '(none)').slice(0, 100)}'; send 'application/json'`,
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('The content-length header does not match the body');
    default:
      break;
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: { code: errorCodeByStatus[status] ?? 'BAD_REQUEST', message: error.message } };
  }
  if (status === 503) {
    return { status, body: { code: 'SERVICE_UNAVAILABLE', message: error.message } };
  }
  return undefined;
}

function badRequest(message: string): TMappedError {
  return { status: 400, body: { code: 'BAD_REQUEST', message } };
}

/** Maps any thrown value to a status and body; undefined means "unexpected" (500, logged). */
export function mapError(error: unknown, contentType?: string): TMappedError | undefined {
  if (isAppError(error)) {
    const body: TErrorBody = { code: error.code, message: error.message };
    if (error.details) body.details = error.details;
    return { status: error.status ?? statusByErrorCode[error.code], body };
  }
  if (typeof error !== 'object' || error === null) return undefined;
  const fastifyError = error as FastifyError;
  if (Array.isArray(fastifyError.validation) && fastifyError.validation.length > 0) {
    const fieldErrors = fieldErrorsOf(fastifyError.validation, fastifyError.validationContext);
    return {
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: flattenFieldErrors(fieldErrors), details: { fieldErrors } },
    };
  }
  // A response that fails its own schema is our bug, not the client's.
  if (fastifyError.code === 'FST_ERR_RESPONSE_SERIALIZATION') return undefined;
  if (typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_')) {
    return fastifyClientError(fastifyError, contentType);
  }
  // Plugins such as @fastify/rate-limit throw plain errors with a 4xx statusCode.
  if (typeof fastifyError.statusCode === 'number') return fastifyClientError(fastifyError, contentType);
  return undefined;
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  const body: TErrorBody = { code: 'NOT_FOUND', message: `Route ${request.method} ${path} not found` };
  return reply.code(404).type('application/json').send(body);
}

/** The single error handler: every error response of the API is shaped here. */
export const errorsPlugin = fp(
  async (app: FastifyInstance, options: TErrorsPluginOptions) => {
    const { reporter } = options;
    app.setErrorHandler((error, request, reply) => {
      const mapped = mapError(error, request.headers['content-type']);
      if (mapped) {
        if (mapped.status >= 500) request.log.error({ err: error }, mapped.body.message);
        else request.log.info({ code: mapped.body.code, status: mapped.status }, mapped.body.message);
        return reply.code(mapped.status).type('application/json').send(mapped.body);
      }
      request.log.error({ err: error }, 'Unexpected error');
      reporter?.capture(error, {
        correlationId: request.id,
        method: request.method,
        route: request.routeOptions.url,
        status: 500,
      });
      const body: TErrorBody = { code: 'INTERNAL', message: ErrorMessage.INTERNAL };
      return reply.code(500).type('application/json').send(body);
    });
  },
  { name: 'errors' },
);
