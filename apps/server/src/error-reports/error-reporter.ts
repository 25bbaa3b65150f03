import {
  defaultStackParser,
  linkedErrorsIntegration,
  makeNodeTransport,
  NodeClient,
  nodeContextIntegration,
  Scope,
} from '@sentry/node';
import {
  type REPORT_TAGS,
  scrubErrorEvent,
  type TReportEvent,
} from '@strata/core/error-reports/scrub-error-event';

/** Where an unexpected error happened; each becomes a tag of the event (REPORT_TAGS). */
export interface TErrorReportContext {
  correlationId?: string;
  method?: string;
  /** The route's pattern (`/api/assets/:id`), not the URL: ids and queries stay out of the tags. */
  route?: string;
  status?: number;
}

export interface TErrorReporter {
  /** Whether a DSN is set; without one every call is a no-op. */
  readonly isEnabled: boolean;
  capture(error: unknown, context?: TErrorReportContext): void;
  /** Sends what is queued and stops; the app's onClose calls it so a last event is not lost. */
  close(timeoutMs?: number): Promise<void>;
}

export interface TErrorReporterOptions {
  /** Sentry-compatible DSN (Sentry, self-hosted Sentry, GlitchTip); none → reporting is off. */
  dsn: string | undefined;
  environment: string;
  release: string;
}

const disabledReporter: TErrorReporter = {
  isEnabled: false,
  capture() {},
  async close() {},
};

/**
 * The server's error reporter through the official SDK (`@sentry/node`). A client and scope of its own, not
 * `Sentry.init`: several apps in one process (tests) each report to their own DSN, and no global hook patches
 * Node's modules (tracing is off; the OpenTelemetry instrumentation that `init` sets up is not wanted).
 * Every event passes `scrubErrorEvent` in `beforeSend`, so no amount, name, e-mail, body, cookie or header
 * leaves the process.
 */
export function createErrorReporter(options: TErrorReporterOptions): TErrorReporter {
  if (!options.dsn) return disabledReporter;
  const client = new NodeClient({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [linkedErrorsIntegration(), nodeContextIntegration()],
    // The SDK collects none of these in the first place; scrubErrorEvent is the last guard for what it still does.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    sendClientReports: false,
    tracesSampleRate: 0,
    beforeSend: (event) => scrubErrorEvent(event as unknown as TReportEvent) as unknown as typeof event,
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  scope.setTag('side', 'server');

  return {
    isEnabled: true,
    capture(error, context = {}) {
      const tags: Record<(typeof REPORT_TAGS)[number], string | number | undefined> = {
        correlation_id: context.correlationId,
        method: context.method,
        route: context.route,
        status: context.status,
        side: 'server',
      };
      const eventScope = scope.clone();
      for (const [key, value] of Object.entries(tags)) if (value !== undefined) eventScope.setTag(key, value);
      eventScope.captureException(error);
    },
    async close(timeoutMs = 2000) {
      await client.close(timeoutMs);
    },
  };
}
