import type { BrowserOptions } from '@sentry/browser';
import type { TClientErrorReporter } from '@strata/contracts/client-config';
import { PAYLOAD_CONTEXT } from '@strata/core/error-reports/report-names';
import type { TFailedCallLog } from '../api/api-client.ts';

type TSentry = typeof import('./browser-sdk.ts');

/** The failed call an error came with (seed §8: 'with the payload'): no body, no query. */
export interface TReportPayload {
  method?: string;
  url?: string;
  status?: number | null;
  code?: string;
  correlationId?: string;
}

export interface TWebErrorReporterOptions {
  /** The SDK, loaded on first need; its own chunk, so the shell's JS stays within its budget. */
  loadSdk?: () => Promise<TSentry>;
  /** The SDK's transport seam (tests); the default sends to the DSN. */
  transport?: BrowserOptions['transport'];
}

export interface TWebErrorReporter {
  /** Reporting on (a DSN) or off (null); until then reports wait in a short queue. */
  start(config: TClientErrorReporter | null, options?: TWebErrorReporterOptions): Promise<void>;
  report(error: unknown, payload?: TReportPayload): void;
  /** An API call that failed on the server's side (5xx): the server has it too, under the same correlation id. */
  reportFailedCall(entry: TFailedCallLog): void;
  /** Sends what is queued (tests, page hide). */
  flush(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Reports that arrive before the configuration: kept, but not without bound. */
const QUEUE_LIMIT = 20;

const loadBrowserSdk = () => import('./browser-sdk.ts');

/**
 * The browser's error reporter through the official SDK (`@sentry/browser`), loaded only when the server's
 * run-time configuration names a DSN: without one no SDK byte is downloaded. The SDK's own handlers report
 * uncaught errors and unhandled rejections; `report` adds the failed call as the `payload` context and its
 * correlation id as a tag. Every event passes core's `scrubErrorEvent` (docs/observability.md).
 */
export function createWebErrorReporter(): TWebErrorReporter {
  let sdk: TSentry | null = null;
  let isOff = false;
  let queue: Array<{ error: unknown; payload?: TReportPayload }> = [];
  const reported = new WeakSet<object>();

  function send(current: TSentry, error: unknown, payload?: TReportPayload) {
    current.withScope((scope) => {
      if (payload?.correlationId) scope.setTag('correlation_id', payload.correlationId);
      if (payload) {
        scope.setContext(PAYLOAD_CONTEXT, {
          method: payload.method,
          url: payload.url,
          status: payload.status ?? undefined,
          code: payload.code,
          correlation_id: payload.correlationId,
        });
      }
      current.captureException(error);
    });
  }

  return {
    async start(config, options = {}) {
      if (!config) {
        isOff = true;
        queue = [];
        return;
      }
      const loaded = await (options.loadSdk ?? loadBrowserSdk)();
      loaded.startSdk(config, options.transport);
      sdk = loaded;
      for (const { error, payload } of queue) send(loaded, error, payload);
      queue = [];
    },
    report(error, payload) {
      if (isOff) return;
      // One report per error: a failed call is reported where it failed, and again where a page shows it.
      if (typeof error === 'object' && error !== null) {
        if (reported.has(error)) return;
        reported.add(error);
      }
      if (sdk) send(sdk, error, payload);
      else if (queue.length < QUEUE_LIMIT) queue.push({ error, payload });
    },
    reportFailedCall(entry) {
      if (entry.status === null || entry.status < 500) return;
      const error = new Error(`API call failed: ${entry.method} ${entry.url.split('?')[0]}`);
      error.name = 'ApiCallFailed';
      this.report(error, {
        method: entry.method,
        url: entry.url,
        status: entry.status,
        correlationId: entry.correlationId,
      });
    },
    async flush(timeoutMs = 2000) {
      await sdk?.flush(timeoutMs);
    },
    async close() {
      await sdk?.close(2000);
      sdk = null;
    },
  };
}

/** The app's reporter: `app/runtime-services.ts` starts it from the server's configuration. */
export const webErrorReporter = createWebErrorReporter();
