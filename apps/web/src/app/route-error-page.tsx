import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../shared/api/api-error.ts';
import { NotFoundPage, PermissionDeniedPage, StatusPage } from '../shared/ui/status-page.tsx';

/** Route errors: 403 and 404 answers get their pages; anything else the catalogue's 'Unexpected error'. */
export function RouteErrorPage() {
  const error = useRouteError();
  const status = isApiError(error) ? error.status : isRouteErrorResponse(error) ? error.status : null;
  if (status === 404) return <NotFoundPage />;
  if (status === 403) return <PermissionDeniedPage />;
  console.error('Route error', error);
  return (
    <StatusPage
      code="!"
      title="Unexpected error"
      description="We have been notified. Reload the page, or go back to your dashboards."
    />
  );
}
