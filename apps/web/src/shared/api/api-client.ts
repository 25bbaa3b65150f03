import { API_PREFIX } from '@strata/contracts/endpoint';
import { ApiError, toApiError } from './api-error.ts';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type TQueryValue = string | number | boolean | null | undefined | readonly unknown[] | object;

/** Anything with zod's `parse`; keeps this file free of a zod import. */
export interface TResponseSchema<T> {
  parse(value: unknown): T;
}

export interface TApiFetchOptions<T> {
  method?: THttpMethod;
  /** Scalars are sent as text; arrays and objects (sort, filter, id lists) as JSON strings (seed §7). */
  query?: Record<string, TQueryValue>;
  /** Plain values are sent as JSON; FormData is passed through untouched. */
  body?: unknown;
  signal?: AbortSignal;
  schema?: TResponseSchema<T>;
  headers?: Record<string, string>;
  /**
   * Skip the 401 refresh-and-retry and the sign-out: for the session probe itself, which must be able to
   * answer "not signed in" without signing anyone out.
   */
  isAuthProbe?: boolean;
}

export type TSignOutReason = 'session-ended' | 'unreachable';

export interface TApiClientConfig {
  fetch: typeof fetch;
  baseUrl: string;
  /** Extra headers per call (e.g. a bearer token on native builds); cookies go with `credentials: 'include'`. */
  getAuthHeaders: () => Record<string, string> | Promise<Record<string, string>>;
  /** Called once on a 401; resolve true when the session was renewed and the call should be retried. */
  refresh: (() => Promise<boolean>) | null;
  /**
   * Called when the session cannot be recovered: `'session-ended'` for a 401 after refresh (revoked
   * elsewhere, a password change, expiry), `'unreachable'` for no answer at all.
   */
  onSignOut: (reason: TSignOutReason) => void;
  createCorrelationId: () => string;
  logError: (entry: TFailedCallLog) => void;
}

export interface TFailedCallLog {
  url: string;
  method: THttpMethod;
  status: number | null;
  correlationId: string;
  message: string;
}

export interface TApiClient {
  apiFetch<T = unknown>(path: string, options?: TApiFetchOptions<T>): Promise<T>;
  configure(patch: Partial<TApiClientConfig>): void;
}

export function buildQueryString(query: Record<string, TQueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function defaultConfig(): TApiClientConfig {
  return {
    fetch: (...args) => globalThis.fetch(...args),
    baseUrl: API_PREFIX,
    getAuthHeaders: () => ({}),
    refresh: null,
    onSignOut: () => {},
    createCorrelationId: () => crypto.randomUUID(),
    logError: (entry) => console.error('API call failed', entry),
  };
}

export function createApiClient(initial: Partial<TApiClientConfig> = {}): TApiClient {
  const config: TApiClientConfig = { ...defaultConfig(), ...initial };

  async function send(path: string, options: TApiFetchOptions<unknown>, correlationId: string) {
    const method = options.method ?? 'GET';
    const url = `${config.baseUrl}${path}${buildQueryString(options.query)}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-correlation-id': correlationId,
      ...(await config.getAuthHeaders()),
      ...options.headers,
    };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await config.fetch(url, {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'include',
    });
    return { url, method, response };
  }

  async function apiFetch<T = unknown>(path: string, options: TApiFetchOptions<T> = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const correlationId = config.createCorrelationId();
    const fail = (status: number | null, body: unknown, url: string): ApiError => {
      const error = toApiError(status, body, correlationId);
      config.logError({ url, method, status, correlationId, message: error.message });
      return error;
    };

    let attempt: Awaited<ReturnType<typeof send>>;
    try {
      attempt = await send(path, options, correlationId);
      if (attempt.response.status === 401 && !options.isAuthProbe) {
        const isRenewed = config.refresh ? await config.refresh().catch(() => false) : false;
        if (isRenewed) attempt = await send(path, options, correlationId);
        if (attempt.response.status === 401) {
          const error = fail(401, await readBody(attempt.response), attempt.url);
          config.onSignOut('session-ended');
          throw error;
        }
      }
    } catch (error) {
      if (error instanceof ApiError || isAbortError(error)) throw error;
      // No answer at all: the seed signs the user out (we cannot tell whether the session still holds).
      const apiError = fail(null, undefined, `${config.baseUrl}${path}`);
      if (!options.isAuthProbe) config.onSignOut('unreachable');
      throw apiError;
    }

    const { response, url } = attempt;
    const body = await readBody(response);
    if (!response.ok) throw fail(response.status, body, url);
    return options.schema ? options.schema.parse(body) : (body as T);
  }

  return {
    apiFetch,
    configure(patch) {
      Object.assign(config, patch);
    },
  };
}

/** The app's client; `app/providers.tsx` plugs in sign-out and, with the identity issue, refresh. */
export const apiClient = createApiClient();

export function apiFetch<T = unknown>(path: string, options?: TApiFetchOptions<T>): Promise<T> {
  return apiClient.apiFetch(path, options);
}

export function configureApiClient(patch: Partial<TApiClientConfig>): void {
  apiClient.configure(patch);
}
