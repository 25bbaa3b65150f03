import { afterEach, describe, expect, it } from 'vitest';
import { createErrorReporter, type TErrorReporter } from './error-reporter.ts';
import { exceptionsOf, startEnvelopeReceiver, type TEnvelopeReceiver } from './testing/envelope-receiver.ts';

let receiver: TEnvelopeReceiver | undefined;
let reporter: TErrorReporter | undefined;
afterEach(async () => {
  await reporter?.close();
  await receiver?.close();
  reporter = undefined;
  receiver = undefined;
});

describe('server error reporter', () => {
  it('is off without a DSN', () => {
    reporter = createErrorReporter({ dsn: undefined, environment: 'test', release: '1' });
    expect(reporter.isEnabled).toBe(false);
    expect(() => reporter?.capture(new Error('nothing is sent'))).not.toThrow();
  });

  it('sends a scrubbed event with the correlation id to the DSN’s envelope endpoint', async () => {
    receiver = await startEnvelopeReceiver();
    reporter = createErrorReporter({ dsn: receiver.dsn('42', 'k1'), environment: 'test', release: '0.1.0' });
    const error = new Error('Saving 1,500.25 for ann@example.org as "Ann Lee" failed');
    reporter.capture(error, {
      correlationId: 'corr-123',
      method: 'POST',
      route: '/api/transactions',
      status: 500,
    });
    const [event] = await receiver.waitForEvents(1);

    expect(receiver.envelopes[0]?.project).toBe('42');
    expect(receiver.envelopes[0]?.publicKey).toBe('k1');
    expect(event?.tags).toEqual({
      correlation_id: 'corr-123',
      method: 'POST',
      route: '/api/transactions',
      status: 500,
      side: 'server',
    });
    expect(event?.environment).toBe('test');
    expect(event?.release).toBe('0.1.0');
    const exception = exceptionsOf(event)[0];
    expect(exception?.type).toBe('Error');
    expect(exception?.value).toBe('Saving [number] for [email] as [value] failed');
    const text = JSON.stringify(event);
    for (const secret of ['1,500.25', 'ann@example.org', 'Ann Lee']) expect(text).not.toContain(secret);
  });
});
