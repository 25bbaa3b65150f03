import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../shared/api/api-error.ts';
import { webErrorReporter } from '../shared/error-reports/web-error-reporter.ts';
import { NotFoundPage, PermissionDeniedPage, StatusPage } from '../shared/ui/status-page.tsx';

/**
 * No answer at all while the browser says it is offline: the installed app's shell still opens, so this is
 * what a user sees on a train — not 'Unexpected error … we have been notified', which would not be true.
 */
export function isOfflineFailure(error: unknown, isOnline: boolean): boolean {
  if (isApiError(error)) return error.status === null && !isOnline;
  return !isOnline && !isRouteErrorResponse(error);
}

function OfflinePage() {
  // Back online: load again what could not be loaded.
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <StatusPage
      code="⌁"
      title="You are offline"
      description="Strata needs a connection to load your data. This page loads again by itself when you are back online."
      actionLabel="Try again"
      onAction={() => window.location.reload()}
    />
  );
}

/**
 * 'We have been notified' is true: a failed call was reported where it failed (with its payload), anything
 * else — a page that threw while drawing — is reported here.
 */
function UnexpectedErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    if (!isApiError(error)) webErrorReporter.report(error);
  }, [error]);
  return (
    <StatusPage
      code="!"
      title="Unexpected error"
      description="We have been notified. Reload the page, or go back to your dashboards."
    />
  );
}

/** Route errors: 403 and 404 answers get their pages; offline its own; anything else 'Unexpected error'. */
export function RouteErrorPage() {
  const error = useRouteError();
  const status = isApiError(error) ? error.status : isRouteErrorResponse(error) ? error.status : null;
  if (status === 404) return <NotFoundPage />;
  if (status === 403) return <PermissionDeniedPage />;
  if (isOfflineFailure(error, navigator.onLine)) return <OfflinePage />;
  console.error('Route error', error);
  return <UnexpectedErrorPage error={error} />;
}
