import { type BrowserOptions, captureException, close, flush, init, withScope } from '@sentry/browser';
import type { TClientErrorReporter } from '@strata/contracts/client-config';
import { scrubErrorEvent, type TReportEvent } from '@strata/core/error-reports/scrub-error-event';

// Imported on demand (web-error-reporter.ts), with the scrubber: neither is in the shell's first load. Naming
// the functions used, not the package's namespace, lets the build drop session replay, feedback and tracing
// (≈141 KB gzip for the whole namespace, ≈31 KB for this chunk; docs/observability.md).
export { captureException, close, flush, withScope };

/** The SDK set up for Strata: scrubbed events, no breadcrumbs, no sessions, nothing personal collected. */
export function startSdk(config: TClientErrorReporter, transport?: BrowserOptions['transport']): void {
  init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    ...(transport ? { transport } : {}),
    // Breadcrumbs record clicks, console lines and URLs: what the user did, not what broke. Sessions (release
    // health) would send a beacon on every visit: only errors are reported.
    integrations: (defaults) =>
      defaults.filter((integration) => !['Breadcrumbs', 'BrowserSession'].includes(integration.name)),
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    sendClientReports: false,
    initialScope: { tags: { side: 'web' } },
    beforeSend: (event) => scrubErrorEvent(event as unknown as TReportEvent) as unknown as typeof event,
  });
}
