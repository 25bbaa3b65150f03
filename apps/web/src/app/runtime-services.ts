import type { QueryClient } from '@tanstack/react-query';
import { webErrorReporter } from '../shared/error-reports/web-error-reporter.ts';
import { clientConfigQueryOptions } from '../shared/runtime-config/client-config.ts';

/**
 * After the page has loaded: reads the server's run-time configuration and starts the error reporter when it
 * names a DSN (its SDK is a chunk of its own). A server that cannot be asked means no reporting this visit.
 */
export function startRuntimeServicesAfterLoad(queryClient: QueryClient): void {
  const start = async () => {
    try {
      const config = await queryClient.fetchQuery(clientConfigQueryOptions());
      await webErrorReporter.start(config.errorReporter);
    } catch {
      await webErrorReporter.start(null);
    }
  };
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
