import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type THttpMethod,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { connect as connectTo, ofType } from './testing/analytics-socket-client.ts';

// The WebSocket channel 'analytics' over a real listening server and Node's WebSocket client.

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
let baseUrl: string;

const connect = (user: TTestUser | null, origin?: string) => connectTo(baseUrl, user, origin);

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'socket-owner@example.com');
  reader = await createTestUser(t, 'socket-reader@example.com');
  stranger = await createTestUser(t, 'socket-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Socket');
  await shareRepository(owner, reader, repositoryId, 1);
  const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&limit=500`)).json().data;
  const usd = assets.find((asset: { type: string }) => asset.type === 'currency').id;
  const tag = await tagLookupAs(owner, repositoryId);
  const checking = (
    await owner.call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'bank account',
      name: 'Checking',
      currency: 'USD',
      tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
    })
  ).json().id;
  await owner.call('POST', '/api/transactions', [
    {
      repository_id: repositoryId,
      type: 'deposit',
      date: '2026-01-02',
      entries: [{ account_id: checking, asset_id: usd, amount: '1000' }],
    },
  ]);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

describe("WebSocket channel 'analytics'", () => {
  it('refuses an anonymous connection at the upgrade', async () => {
    await expect(connect(null)).rejects.toThrow('refused');
  });

  it('refuses a page of another origin (the browser would send the cookie anyway)', async () => {
    await expect(connect(owner, 'https://evil.example.com')).rejects.toThrow('refused');
  });

  it("refuses a non-member's subscription with 'Repository is not found' and sends them nothing", async () => {
    const client = await connect(stranger);
    client.send({ action: 'subscribe', repository_id: repositoryId });
    expect(await client.next(ofType('error'))).toMatchObject({
      status: 404,
      message: 'Repository is not found',
      repository_id: repositoryId,
    });
    client.send({ action: 'compute', repository_id: repositoryId, query: { periods: '1' } });
    expect(await client.next(ofType('error'))).toMatchObject({ status: 404 });
    await owner.call('GET', `/api/repositories/${repositoryId}/analytics?periods=4&freq=week&end=2026-01-31`);
    client.send({ action: 'subscribe', repository_id: 'not-an-id' });
    expect(await client.next(ofType('error'))).toMatchObject({ status: 400 });
    expect(client.messages.map((message) => message.type)).toEqual(['error', 'error', 'error']);
    client.close();
  });

  it('sends a subscriber the progress and the result of a compute started over HTTP', async () => {
    const client = await connect(reader);
    client.send({ action: 'subscribe', repository_id: repositoryId });
    await client.next(ofType('subscribed'));
    const http = await owner.call(
      'GET',
      `/api/repositories/${repositoryId}/analytics?periods=2&freq=month&end=2026-01-31&datasets=value_view`,
    );
    expect(http.json()).toMatchObject({ status: 'done', cached: false });
    const result = await client.next(ofType('result'));
    expect(result.response).toEqual(http.json());
    const progress = client.messages.filter((message) => message.type === 'progress');
    expect(progress.map((message) => message.stage)).toEqual(['loading', 'computing', 'saving']);
    // How many transactions were read depends on what the worker kept from earlier computes
    // (analytics-transactions.db.test.ts counts them).
    expect(progress[1]).toMatchObject({
      transactions: expect.any(Number),
      request_hash: result.request_hash,
      repository_id: repositoryId,
    });
    client.close();
  });

  it('computes over the socket: accepted, then progress and the result; a repeat answers from the cache', async () => {
    const client = await connect(owner);
    const query = { periods: '3', freq: 'month', end: '2026-03-31', datasets: 'value_view' };
    client.send({ action: 'compute', repository_id: repositoryId, request_id: 'r1', query });
    const accepted = await client.next(ofType('accepted'));
    expect(accepted).toMatchObject({ request_id: 'r1', repository_id: repositoryId });
    const result = await client.next(ofType('result'));
    expect(result).toMatchObject({
      request_hash: accepted.request_hash,
      response: { status: 'done', cached: false },
    });
    expect(client.messages.some((message) => message.type === 'progress')).toBe(true);
    const row = (
      result.response as { result: { value_view: Array<Record<string, unknown>> } }
    ).result.value_view.find((item) => item.scope_kind === 'repository' && item.end === '2026-01-31');
    expect(row).toMatchObject({ value_end: 1000, net_flows: 1000 });

    client.send({ action: 'compute', repository_id: repositoryId, request_id: 'r2', query });
    await client.next((message) => message.type === 'accepted' && message.request_id === 'r2');
    expect(await client.next(ofType('result'))).toMatchObject({ response: { status: 'done', cached: true } });
    client.close();
  });

  it('sends each progress and the result once to a socket that subscribes and computes at the same time', async () => {
    const client = await connect(owner);
    const query = { periods: '5', freq: 'month', end: '2026-05-31', datasets: 'value_view' };
    // Sent back to back, as the dashboard does: both messages are handled while the access check runs.
    client.send({ action: 'subscribe', repository_id: repositoryId });
    client.send({ action: 'compute', repository_id: repositoryId, request_id: 'twice', query });
    expect(await client.next(ofType('result'))).toMatchObject({
      response: { status: 'done', cached: false },
    });
    // A marker after the answer: everything published for it arrived before it.
    client.send({ action: 'unsubscribe', repository_id: repositoryId });
    await client.next(ofType('unsubscribed'));
    expect(
      client.messages.map((message) => (message.type === 'progress' ? message.stage : message.type)),
    ).toEqual(['subscribed', 'accepted', 'loading', 'computing', 'saving', 'result', 'unsubscribed']);
    client.close();
  });

  it('shares one compute between identical requests arriving together', async () => {
    const client = await connect(owner);
    client.send({ action: 'subscribe', repository_id: repositoryId });
    await client.next(ofType('subscribed'));
    const url = `/api/repositories/${repositoryId}/analytics?periods=6&freq=week&end=2026-02-28`;
    const [first, second] = await Promise.all([owner.call('GET', url), reader.call('GET', url)]);
    // The second may arrive only after the first's compute ended (a small repository computes in
    // milliseconds): then it reads the stored result (cached), still the same answer and no second compute.
    expect(second.json().result).toEqual(first.json().result);
    expect(second.json().data_version).toBe(first.json().data_version);
    expect(first.json().cached && second.json().cached).toBe(false);
    // A marker after the answers: everything published for them arrived before it.
    client.send({ action: 'unsubscribe', repository_id: repositoryId });
    await client.next(ofType('unsubscribed'));
    expect(client.messages.filter((message) => message.type === 'result')).toHaveLength(1);
    client.close();
  });

  it("tells subscribers 'deprecated' once per committed data change, after the change can be read", async () => {
    const id = await createRepositoryAs(owner, 'Deprecation');
    await shareRepository(owner, reader, id, 1);
    const assets = (await owner.call('GET', `/api/assets?repository_id=${id}&limit=500`)).json().data;
    const usd = assets.find((asset: { type: string }) => asset.type === 'currency').id;
    const tag = await tagLookupAs(owner, id);
    const checking = (
      await owner.call('POST', '/api/assets', {
        repository_id: id,
        type: 'bank account',
        name: 'Checking',
        currency: 'USD',
        tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
      })
    ).json().id;
    const spare = (
      await owner.call('POST', '/api/assets', {
        repository_id: id,
        type: 'stock',
        name: 'Spare',
        ticker: 'SPARE',
        currency: 'USD',
      })
    ).json().id;
    const client = await connect(reader);
    client.send({ action: 'subscribe', repository_id: id });
    await client.next(ofType('subscribed'));

    const versions: number[] = [];
    const change = async (method: THttpMethod, url: string, body?: unknown) => {
      const response = await owner.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(300);
      const message = await client.next(ofType('deprecated'));
      expect(message.repository_id).toBe(id);
      versions.push(message.data_version as number);
      return response.json();
    };
    const deposit = {
      repository_id: id,
      type: 'deposit',
      date: '2026-01-02',
      entries: [{ account_id: checking, asset_id: usd, amount: '1000' }],
    };
    const [created] = await change('POST', '/api/transactions', [deposit]);
    // Heard after the commit: an answer asked for now is computed on the new data.
    const answer = await reader.call(
      'GET',
      `/api/repositories/${id}/analytics?periods=1&datasets=value_view`,
    );
    expect(answer.json()).toMatchObject({ status: 'done', data_version: versions[0] });
    await change('PUT', `/api/transactions/${created.id}`, { description: 'Salary' });
    await change('DELETE', '/api/transactions', { ids: [created.id] });
    await change('POST', `/api/transactions/${created.id}/restore`);
    const price = await change('POST', '/api/asset_prices', {
      asset_id: spare,
      date: '2026-01-05',
      close: '10',
      source: 'manual',
    });
    await change('PUT', `/api/asset_prices/${price.id}`, {
      date: '2026-01-05',
      close: '11',
      source: 'manual',
    });
    await change('DELETE', `/api/asset_prices/${price.id}`);
    await change('DELETE', `/api/assets/${spare}`);
    await change('POST', `/api/assets/${spare}/restore`);
    await change('PUT', `/api/repositories/${id}`, {
      settings: { price_source_precedence: ['manual', 'override'] },
    });
    await change('PUT', `/api/repositories/${id}`, { currency: 'EUR' });

    // A refused change (rolled back) and a rename (not read by analytics) deprecate nothing.
    const refused = await owner.call('POST', '/api/transactions', [{ ...deposit, entries: [] }]);
    expect(refused.statusCode).toBe(400);
    expect((await owner.call('PUT', `/api/repositories/${id}`, { name: 'Deprecation 2' })).statusCode).toBe(
      200,
    );
    // A member removed meanwhile hears nothing more of the repository's changes.
    const removed = await owner.call(
      'DELETE',
      `/api/collaborators/${encodeURIComponent(reader.email)}?repository_id=${id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await owner.call('POST', '/api/transactions', [deposit])).statusCode).toBe(201);
    client.send({ action: 'unsubscribe', repository_id: id });
    await client.next(ofType('unsubscribed'));
    const first = versions[0] as number;
    expect(versions).toEqual(Array.from({ length: 11 }, (_, index) => first + index));
    expect(client.messages.filter((message) => message.type === 'deprecated')).toHaveLength(11);
    client.close();
  });

  it("answers the seed's non-error answers over the socket as results, and bad messages as errors", async () => {
    const client = await connect(owner);
    client.send({ action: 'compute', repository_id: repositoryId, query: { end: '2020-01-31' } });
    expect(await client.next(ofType('result'))).toMatchObject({
      response: { status: 'empty', message: 'No analytics to compute for provided period' },
    });
    client.send({ action: 'compute', repository_id: repositoryId, query: { freq: 'fortnight' } });
    expect(await client.next(ofType('error'))).toMatchObject({ status: 400 });
    client.send({ action: 'dance' });
    expect(await client.next(ofType('error'))).toMatchObject({ status: 400 });
    client.close();
  });
  it("answers the next request on a worker's kept pass without reading the repository; a write reads it again", async () => {
    const client = await connect(owner);
    client.send({ action: 'subscribe', repository_id: repositoryId });
    await client.next(ofType('subscribed'));
    const timeline = `/api/repositories/${repositoryId}/analytics?periods=2&freq=month&end=2026-08-31`;
    /** The request's answer, and what its 'computing' progress said (the loader's counts when it read). */
    const ask = async (datasets: string) => {
      const response = (await owner.call('GET', `${timeline}&datasets=${datasets}`)).json();
      const result = await client.next(ofType('result'));
      const computing = client.messages.find(
        (message) =>
          message.type === 'progress' &&
          message.stage === 'computing' &&
          message.request_hash === result.request_hash &&
          message.data_version === response.data_version,
      );
      return { response, computing };
    };
    const repositoryValue = (response: { result: { value_view: Array<Record<string, unknown>> } }) =>
      response.result.value_view.find((row) => row.scope_kind === 'repository' && row.end === '2026-08-31')
        ?.value_end;

    const first = await ask('value_view');
    expect(first.computing).toMatchObject({ transactions: 1 });
    const kept = await ask('value_view,tree_view');
    expect(kept.response).toMatchObject({
      status: 'done',
      cached: false,
      data_version: first.response.data_version,
    });
    expect(kept.computing).toBeDefined();
    expect(kept.computing).not.toHaveProperty('transactions');
    // The deposit of 1,000 on 2026-01-02 (beforeAll), from the kept pass.
    expect(repositoryValue(kept.response)).toBe(1000);

    const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&limit=500`)).json()
      .data;
    const find = (type: string) => assets.find((asset: { type: string }) => asset.type === type).id;
    const written = await owner.call('POST', '/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2026-08-03',
        entries: [{ account_id: find('bank account'), asset_id: find('currency'), amount: '250' }],
      },
    ]);
    expect(written.statusCode).toBe(201);
    const after = await ask('value_view,income_view');
    expect(after.response.data_version).toBeGreaterThan(first.response.data_version);
    // The deposit alone: the worker kept the other transactions (analytics-transactions.db.test.ts).
    expect(after.computing).toMatchObject({ transactions: 1 });
    expect(repositoryValue(after.response)).toBe(1250);
    client.close();
  });
});
