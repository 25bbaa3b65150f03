/**
 * What an error event may carry once it leaves Strata for the error reporter (Sentry or GlitchTip, server and
 * web alike): the error's type, its stack frames, a few tags, and where it happened — never who or how much.
 * Amounts, names, e-mail addresses, request bodies, cookies and auth headers are personal or financial data the
 * reporter's operator need not see (docs/observability.md). The shape is structural, so core needs no SDK.
 */

import { PAYLOAD_CONTEXT, REPORT_TAGS } from './report-names.ts';

/** The parts of a Sentry event this module reads; any other field is dropped by {@link scrubErrorEvent}. */
export interface TReportEvent {
  event_id?: string;
  timestamp?: number;
  platform?: string;
  level?: string;
  environment?: string;
  release?: string;
  message?: string | { message?: string; formatted?: string };
  logentry?: { message?: string; formatted?: string; params?: unknown[] };
  exception?: { values?: TReportException[] };
  tags?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  request?: { method?: string; url?: string; [key: string]: unknown };
  user?: Record<string, unknown>;
  sdk?: unknown;
  [key: string]: unknown;
}

export interface TReportException {
  type?: string;
  value?: string;
  mechanism?: unknown;
  stacktrace?: { frames?: TReportFrame[] };
  [key: string]: unknown;
}

export interface TReportFrame {
  filename?: string;
  function?: string;
  module?: string;
  lineno?: number;
  colno?: number;
  abs_path?: string;
  in_app?: boolean;
  [key: string]: unknown;
}

export { PAYLOAD_CONTEXT, REPORT_TAGS } from './report-names.ts';

const PAYLOAD_KEYS = ['method', 'url', 'status', 'code', 'correlation_id'] as const;

/** Runtime contexts that describe the machine, not the person. */
const KEPT_CONTEXTS = ['runtime', 'os', 'device', 'browser', 'app', 'culture', 'cloud_resource'] as const;

const EMAIL = /[^\s@<>()[\]"',;:/]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/g;
/** Quoted text in an error message is usually a value the user typed (a name, a search, a tag). */
const QUOTED = /(['"`‘“])(?:(?!\1).){1,200}\1/g;
/** A number standing alone (an amount, a quantity), not a digit inside an id, a word or a version. */
const NUMBER = /(?<![\w.\-:/])[-+]?\d[\d,']*(?:\.\d+)?(?![\w\-:/])/g;

/** E-mail addresses, quoted values and standalone numbers out of a free text. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(QUOTED, '[value]').replace(NUMBER, '[number]');
}

/** A URL's path without its query and fragment (a search or a filter is user input); other text scrubbed. */
export function scrubUrl(url: string): string {
  const withoutQuery = url.split(/[?#]/, 1)[0] ?? '';
  return withoutQuery.replace(EMAIL, '[email]');
}

function pick<K extends string>(source: unknown, keys: readonly K[]): Partial<Record<K, unknown>> {
  const picked: Partial<Record<K, unknown>> = {};
  if (typeof source !== 'object' || source === null) return picked;
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

function scrubFrame(frame: TReportFrame): TReportFrame {
  // Local variables (`vars`) and source lines around the frame can hold any value; the location is enough.
  return pick(frame, ['filename', 'function', 'module', 'lineno', 'colno', 'abs_path', 'in_app']);
}

function scrubException(exception: TReportException): TReportException {
  const scrubbed: TReportException = pick(exception, ['type', 'mechanism']);
  if (typeof exception.value === 'string') scrubbed.value = scrubText(exception.value);
  const frames = exception.stacktrace?.frames;
  if (frames) scrubbed.stacktrace = { frames: frames.map(scrubFrame) };
  return scrubbed;
}

function scrubShortValue(value: unknown): string | number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  return value.slice(0, 200);
}

function scrubPayload(payload: unknown): Record<string, unknown> | undefined {
  const picked = pick(payload, PAYLOAD_KEYS);
  if (Object.keys(picked).length === 0) return undefined;
  const scrubbed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(picked)) {
    const short = scrubShortValue(value);
    if (short === undefined) continue;
    scrubbed[key] = key === 'url' && typeof short === 'string' ? scrubUrl(short) : short;
  }
  return scrubbed;
}

/**
 * The event as it may be sent: an allow-list, so a field a future SDK adds is dropped rather than leaked.
 * Kept: ids, time, level, environment, release, SDK, the exceptions (type, scrubbed message, frames without
 * variables), the known tags, machine contexts, the payload context (method, path, status, code, correlation id)
 * and the request's method and path. Dropped: the user (but an opaque id), request bodies, query strings,
 * cookies and headers, breadcrumbs, extra data.
 */
export function scrubErrorEvent<T extends TReportEvent>(event: T): T {
  const scrubbed: TReportEvent = pick(event, [
    'event_id',
    'timestamp',
    'platform',
    'level',
    'environment',
    'release',
    'sdk',
    'type',
    'server_name',
    'fingerprint',
  ]);
  if (typeof event.message === 'string') scrubbed.message = scrubText(event.message);
  if (event.logentry) {
    const text = event.logentry.formatted ?? event.logentry.message;
    if (typeof text === 'string') scrubbed.logentry = { message: scrubText(text) };
  }
  const exceptions = event.exception?.values;
  if (exceptions) scrubbed.exception = { values: exceptions.map(scrubException) };

  const tags: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(pick(event.tags, REPORT_TAGS))) {
    const short = scrubShortValue(value);
    if (short !== undefined)
      tags[key] = key === 'route' && typeof short === 'string' ? scrubUrl(short) : short;
  }
  if (Object.keys(tags).length > 0) scrubbed.tags = tags;

  const contexts: Record<string, unknown> = pick(event.contexts, KEPT_CONTEXTS);
  const payload = scrubPayload(event.contexts?.[PAYLOAD_CONTEXT]);
  if (payload) contexts[PAYLOAD_CONTEXT] = payload;
  // The trace context links an event to its trace; ids only.
  const trace = pick(event.contexts?.trace, ['trace_id', 'span_id', 'parent_span_id']);
  if (Object.keys(trace).length > 0) contexts.trace = trace;
  if (Object.keys(contexts).length > 0) scrubbed.contexts = contexts;

  if (event.request) {
    const request: { method?: string; url?: string } = {};
    if (typeof event.request.method === 'string') request.method = event.request.method;
    if (typeof event.request.url === 'string') request.url = scrubUrl(event.request.url);
    scrubbed.request = request;
  }
  // An opaque user id lets an operator count affected users without knowing who they are.
  if (typeof event.user?.id === 'string' || typeof event.user?.id === 'number') {
    scrubbed.user = { id: event.user.id };
  }
  return scrubbed as T;
}
