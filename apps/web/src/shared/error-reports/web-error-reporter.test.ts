import { createTransport } from '@sentry/browser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWebErrorReporter, type TWebErrorReporter } from './web-error-reporter.ts';

// The SDK's transport seam: the envelopes the SDK would POST to /api/<project>/envelope/, kept here.
const envelopes: string[] = [];
const transport = (options: Parameters<typeof createTransport>[0]) =>
  createTransport(options, async (request) => {
    envelopes.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body));
    return { statusCode: 200 };
  });

/** The event items of the envelopes: newline-delimited JSON, header line then per item a header and a payload. */
function sentEvents(): Array<Record<string, unknown>> {
  return envelopes.flatMap((envelope) => {
    const lines = envelope.split('\n');
    const events: Array<Record<string, unknown>> = [];
    for (let index = 1; index + 1 < lines.length; index += 2) {
      if ((JSON.parse(lines[index] as string) as { type: string }).type === 'event') {
        events.push(JSON.parse(lines[index + 1] as string) as Record<string, unknown>);
      }
    }
    return events;
  });
}

function exceptionOf(
  event: Record<string, unknown> | undefined,
): { type?: string; value?: string } | undefined {
  return (event?.exception as { values?: Array<{ type?: string; value?: string }> } | undefined)?.values?.[0];
}

const CONFIG = { dsn: 'http://webkey@127.0.0.1:9/5', environment: 'test', release: '0.1.0' };
let reporter: TWebErrorReporter;

beforeAll(async () => {
  reporter = createWebErrorReporter();
  // Reported before the configuration arrived: queued, then sent.
  reporter.report(new Error('early failure'));
  await reporter.start(CONFIG, { transport });
});

afterAll(async () => {
  await reporter.close();
});

async function eventsAfter(action: () => void): Promise<Array<Record<string, unknown>>> {
  const before = sentEvents().length;
  action();
  await reporter.flush();
  return sentEvents().slice(before);
}

describe('web error reporter', () => {
  it('sends what was reported before it started', async () => {
    await reporter.flush();
    const early = sentEvents().find((event) => JSON.stringify(event).includes('early failure'));
    expect(early?.tags).toEqual({ side: 'web' });
  });

  it('sends an error with its payload and correlation id, scrubbed', async () => {
    const [event] = await eventsAfter(() =>
      reporter.report(new Error('Could not draw 1,234.50 for ann@example.test'), {
        method: 'POST',
        url: '/api/transactions?search=Ann',
        status: 500,
        code: 'INTERNAL',
        correlationId: 'web-corr-1',
      }),
    );
    expect(event?.tags).toEqual({ side: 'web', correlation_id: 'web-corr-1' });
    expect((event?.contexts as Record<string, unknown> | undefined)?.payload).toEqual({
      method: 'POST',
      url: '/api/transactions',
      status: 500,
      code: 'INTERNAL',
      correlation_id: 'web-corr-1',
    });
    const exception = exceptionOf(event);
    expect(exception).toMatchObject({ type: 'Error', value: 'Could not draw [number] for [email]' });
    const text = JSON.stringify(event);
    for (const secret of ['1,234.50', 'ann@example.test', 'Ann']) expect(text).not.toContain(secret);
    expect(event?.breadcrumbs).toBeUndefined();
  });

  it('reports an error only once, however often it is shown', async () => {
    const error = new Error('shown twice');
    const events = await eventsAfter(() => {
      reporter.report(error);
      reporter.report(error);
    });
    expect(events).toHaveLength(1);
  });

  it('reports a failed call the server answered with a 5xx, not a refusal or a lost connection', async () => {
    const events = await eventsAfter(() => {
      const entry = {
        method: 'GET' as const,
        url: '/api/assets/a-1?x=1',
        correlationId: 'c-5',
        message: 'Unexpected error',
      };
      reporter.reportFailedCall({ ...entry, status: 503 });
      reporter.reportFailedCall({ ...entry, status: 409 });
      reporter.reportFailedCall({ ...entry, status: null });
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.tags).toEqual({ side: 'web', correlation_id: 'c-5' });
    expect(exceptionOf(events[0])).toMatchObject({
      type: 'ApiCallFailed',
      value: 'API call failed: GET /api/assets/a-1',
    });
  });

  it('catches an uncaught error of the page through the SDK’s own handler', async () => {
    const events = await eventsAfter(() => {
      window.onerror?.(
        'Uncaught Error: total 99.95',
        'app.js',
        1,
        1,
        new Error('total 99.95 for bo@example.test'),
      );
    });
    expect(events).toHaveLength(1);
    const exception = exceptionOf(events[0]);
    expect(exception?.value).toBe('total [number] for [email]');
  });
});

describe('web error reporter without a DSN', () => {
  it('never loads the SDK and drops what was queued', async () => {
    const off = createWebErrorReporter();
    const loadSdk = vi.fn(() => import('./browser-sdk.ts'));
    off.report(new Error('queued'));
    await off.start(null, { loadSdk });
    off.report(new Error('after'));
    expect(loadSdk).not.toHaveBeenCalled();
  });
});
