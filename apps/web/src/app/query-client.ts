import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change on retry; network blips and 5xx get one more try.
  if (isApiError(error) && error.status !== null && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's query client; route middleware reads the session through it before loaders run. */
export const queryClient = createQueryClient();
