import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toApiError } from '../shared/api/api-error.ts';
import { webErrorReporter } from '../shared/error-reports/web-error-reporter.ts';
import { isOfflineFailure, RouteErrorPage } from './route-error-page.tsx';

function renderFailing(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => {
          throw error;
        },
        element: <p>page</p>,
        ErrorBoundary: RouteErrorPage,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('the route error page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('tells an offline user they are offline, not that we were notified', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(screen.queryByText(/We have been notified/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('keeps the unexpected error for a failure while online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('heading', { name: 'Unexpected error' })).toBeTruthy();
  });

  it('reports a page that failed to the error reporter, but not a failed call (reported where it failed)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const report = vi.spyOn(webErrorReporter, 'report').mockImplementation(() => {});
    const error = new RangeError('page failed');
    renderFailing(error);
    expect(await screen.findByRole('heading', { name: 'Unexpected error' })).toBeTruthy();
    expect(report).toHaveBeenCalledWith(error);
  });

  it('does not report a failed call again on the error page', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const report = vi.spyOn(webErrorReporter, 'report').mockImplementation(() => {});
    renderFailing(toApiError(500, { message: 'boom' }, 'c-1'));
    expect(await screen.findByRole('heading', { name: 'Unexpected error' })).toBeTruthy();
    expect(report).not.toHaveBeenCalled();
  });

  it('reads only an unanswered request as offline: a server answer is never taken for it', () => {
    expect(isOfflineFailure(toApiError(null, undefined), false)).toBe(true);
    expect(isOfflineFailure(toApiError(500, { message: 'boom' }), false)).toBe(false);
    expect(isOfflineFailure(toApiError(null, undefined), true)).toBe(false);
    expect(isOfflineFailure(new Error('x'), true)).toBe(false);
  });
});
