import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../shared/api/api-client.ts';
import { webErrorReporter } from '../shared/error-reports/web-error-reporter.ts';
import { startRuntimeServicesAfterLoad } from './runtime-services.ts';

function answerClientConfig(response: () => Response) {
  const paths: string[] = [];
  configureApiClient({
    fetch: (async (input: RequestInfo | URL) => {
      paths.push(new URL(String(input), 'http://localhost').pathname);
      return response();
    }) as typeof fetch,
    logError: () => {},
  });
  return paths;
}

afterEach(() => {
  vi.restoreAllMocks();
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('run-time services', () => {
  it('starts the error reporter with the DSN the server names', async () => {
    const start = vi.spyOn(webErrorReporter, 'start').mockResolvedValue();
    const errorReporter = {
      dsn: 'https://webkey@errors.example.test/2',
      environment: 'production',
      release: '0.1.0',
    };
    const paths = answerClientConfig(
      () =>
        new Response(JSON.stringify({ errorReporter, chat: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    startRuntimeServicesAfterLoad(new QueryClient());
    await vi.waitFor(() => expect(start).toHaveBeenCalledWith(errorReporter));
    expect(paths).toEqual(['/api/client-config']);
  });

  it('turns reporting off when the server cannot be asked', async () => {
    const start = vi.spyOn(webErrorReporter, 'start').mockResolvedValue();
    answerClientConfig(
      () => new Response('{}', { status: 502, headers: { 'content-type': 'application/json' } }),
    );
    startRuntimeServicesAfterLoad(new QueryClient());
    await vi.waitFor(() => expect(start).toHaveBeenCalledWith(null));
  });
});
