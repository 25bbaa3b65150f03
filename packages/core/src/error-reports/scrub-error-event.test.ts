import { describe, expect, it } from 'vitest';
import { scrubErrorEvent, scrubText, scrubUrl, type TReportEvent } from './scrub-error-event.ts';

describe('scrubText', () => {
  it('takes out e-mail addresses, quoted values and standalone amounts', () => {
    expect(scrubText('Repository shared with ann.lee@example.com for 1,234.56 USD')).toBe(
      'Repository shared with [email] for [number] USD',
    );
    expect(scrubText("Asset 'Grandma Rose savings' has -42.10 left")).toBe('Asset [value] has [number] left');
  });

  it('keeps ids, versions and words with digits', () => {
    const id = '0b5e6a0e-3c1f-4d2a-9b8e-7f6a5d4c3b2a';
    expect(scrubText(`Repository ${id} failed at step2 in v1.4`)).toBe(
      `Repository ${id} failed at step2 in v1.4`,
    );
  });
});

describe('scrubUrl', () => {
  it('drops the query and fragment', () => {
    expect(scrubUrl('/api/transactions?search=Rent%20Ann&filter=x#top')).toBe('/api/transactions');
    expect(scrubUrl('https://strata.test/api/collaborators/bo@example.org')).toBe(
      'https://strata.test/api/collaborators/[email]',
    );
  });
});

describe('scrubErrorEvent', () => {
  const event: TReportEvent = {
    event_id: 'e1',
    level: 'error',
    environment: 'production',
    message: 'Saving 99.95 for bo@example.org failed',
    exception: {
      values: [
        {
          type: 'TypeError',
          value: "Cannot read 'Ann Lee' of undefined (amount 1500)",
          stacktrace: {
            frames: [
              {
                filename: 'app.js',
                function: 'save',
                lineno: 10,
                colno: 3,
                vars: { amount: '1500.00', email: 'bo@example.org' },
                context_line: 'save({ amount: 1500 })',
              },
            ],
          },
        },
      ],
    },
    tags: { correlation_id: 'c-1', route: '/api/transactions?search=Ann', user_email: 'bo@example.org' },
    contexts: {
      os: { name: 'Linux' },
      payload: { method: 'POST', url: '/api/transactions?q=Ann', status: 500, body: { amount: '10.00' } },
      state: { amount: '10.00' },
    },
    request: {
      method: 'POST',
      url: 'https://strata.test/api/transactions?search=Ann',
      data: '{"amount":"10.00"}',
      cookies: { 'better-auth.session_token': 'secret' },
      headers: { authorization: 'Bearer secret', cookie: 'a=b' },
      query_string: 'search=Ann',
    },
    user: { id: 'u-1', email: 'bo@example.org', username: 'Bo', ip_address: '10.0.0.1' },
    breadcrumbs: [{ message: 'typed Ann Lee' }],
    extra: { amount: '10.00' },
  };

  it('keeps only what identifies the fault, never who or how much', () => {
    expect(scrubErrorEvent(event)).toEqual({
      event_id: 'e1',
      level: 'error',
      environment: 'production',
      message: 'Saving [number] for [email] failed',
      exception: {
        values: [
          {
            type: 'TypeError',
            value: 'Cannot read [value] of undefined (amount [number])',
            stacktrace: { frames: [{ filename: 'app.js', function: 'save', lineno: 10, colno: 3 }] },
          },
        ],
      },
      tags: { correlation_id: 'c-1', route: '/api/transactions' },
      contexts: { os: { name: 'Linux' }, payload: { method: 'POST', url: '/api/transactions', status: 500 } },
      request: { method: 'POST', url: 'https://strata.test/api/transactions' },
      user: { id: 'u-1' },
    });
  });

  it('leaves nothing of the personal values anywhere in the serialized event', () => {
    const text = JSON.stringify(scrubErrorEvent(event));
    for (const secret of [
      'bo@example.org',
      'Ann',
      '1500',
      '10.00',
      '99.95',
      'secret',
      'Bearer',
      '10.0.0.1',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
