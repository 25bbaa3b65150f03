import { importTransactions, listTransactions, updateTransaction } from '@strata/contracts/transactions';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from './api-client.ts';
import { callEndpoint, fillPath } from './call-endpoint.ts';

const calls: Array<{ url: string; init: RequestInit }> = [];

function answer(status: number, body: unknown) {
  configureApiClient({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init: init ?? {} });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
    logError: () => {},
  });
}

afterEach(() => {
  calls.length = 0;
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
});

const AT = '2026-01-02T03:04:05.000Z';
const TASK = {
  id: '0b5a4c8e-6b0e-4c39-9f53-1f2a4e3b6c7d',
  type: 'default',
  status: 'running',
  repository_id: null,
  error: null,
  progress: { total: 3, validated: 1, written: 0 },
  result: null,
  created_at: AT,
  updated_at: AT,
  started_at: AT,
  finished_at: null,
};

describe('callEndpoint', () => {
  it('takes the method and path from the contract, fills :params and sends the query as apiFetch does', async () => {
    answer(200, { id: 't/1' });
    await callEndpoint(updateTransaction, { params: { id: 't/1' }, body: { description: 'x' } });
    answer(200, { data: [], meta: { page_size: 50, page_no: 1, total: 0 } });
    await callEndpoint(listTransactions, {
      query: {
        repository_id: 'r1',
        sort: [{ field: 'date', sortDirection: 'descending' }],
        search: undefined,
      },
    });
    expect(calls[0]?.url).toBe('/api/transactions/t%2F1');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(calls[0]?.init.body).toBe('{"description":"x"}');
    expect(calls[1]?.init.method).toBe('GET');
    expect(decodeURIComponent(calls[1]?.url ?? '')).toBe(
      '/api/transactions?repository_id=r1&sort=[{"field":"date","sortDirection":"descending"}]',
    );
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => fillPath('/repositories/:id/export', {})).toThrow('Missing path parameter ":id"');
  });

  it("parses the answer with the asked status's schema when told to", async () => {
    answer(202, { ...TASK, extra: 'not in the contract' });
    const task = await callEndpoint(importTransactions, {
      body: { repository_id: 'r1', csv: 'a', background: true },
      status: 202,
      isParsed: true,
    });
    // The parsed value: what the contract names, without what it does not.
    expect(task).toEqual(TASK);
    answer(202, { nothing: 'like a task' });
    await expect(
      callEndpoint(importTransactions, {
        body: { repository_id: 'r1', csv: 'a' },
        status: 202,
        isParsed: true,
      }),
    ).rejects.toThrow();
  });
});
