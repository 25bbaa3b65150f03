import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import {
  callTools,
  say,
  startLoopbackModel,
  type TLoopbackModel,
  toolResultsOf,
} from './testing/loopback-model.ts';

// The assistant against a local chat-completions server: a 2,000 deposit in February 2025 and a 12.50
// dividend in April 2025 in the owner's repository 'Family'; the reader may read it; 'Other' is the
// stranger's, with a 999 dividend no one else may see.

let t: TIdentityTestApp;
let bare: TIdentityTestApp;
let model: TLoopbackModel;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let familyId: string;
let otherId: string;

const question = (content: string) => ({ messages: [{ role: 'user', content }] });
const ask = (
  user: TTestUser,
  repositoryId: string,
  body: unknown = question('What did I earn in dividends last year?'),
) => user.call('POST', `/api/repositories/${repositoryId}/assistant`, body);

async function seedDividend(user: TTestUser, repositoryId: string, amount: string) {
  const assets = (await user.call('GET', `/api/assets?repository_id=${repositoryId}`)).json().data;
  const find = (type: string, name: string) =>
    assets.find((asset: { type: string; name: string }) => asset.type === type && asset.name === name)
      .id as string;
  const tag = await tagLookupAs(user, repositoryId);
  const created = await user.call('POST', '/api/assets', {
    repository_id: repositoryId,
    type: 'investment account',
    name: 'Brokerage',
    currency: 'USD',
    tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
  });
  const brokerage = created.json().id as string;
  const usd = find('currency', 'US Dollar');
  const dividends = find('income account', 'Cash dividend');
  const saved = await user.call('POST', '/api/transactions', [
    {
      repository_id: repositoryId,
      type: 'deposit',
      date: '2025-02-01',
      description: 'Savings moved in',
      entries: [{ account_id: brokerage, asset_id: usd, amount: '2000' }],
    },
    {
      repository_id: repositoryId,
      type: 'dividend',
      date: '2025-04-15',
      description: 'ACME dividend',
      entries: [
        { account_id: brokerage, asset_id: usd, amount },
        { account_id: dividends, asset_id: usd, amount: `-${amount}` },
      ],
    },
  ]);
  if (saved.statusCode !== 201) throw new Error(`transactions: ${saved.statusCode} ${saved.body}`);
}

beforeAll(async () => {
  model = await startLoopbackModel();
  t = await createIdentityTestApp({
    env: { AI_BASE_URL: model.baseUrl, AI_MODEL: 'loopback-model', AI_API_KEY: 'test-ai-key' },
  });
  bare = await createIdentityTestApp();
  owner = await createTestUser(t, 'assistant-owner@example.com');
  reader = await createTestUser(t, 'assistant-reader@example.com');
  stranger = await createTestUser(t, 'assistant-stranger@example.com');
  familyId = await createRepositoryAs(owner, 'Family');
  otherId = await createRepositoryAs(stranger, 'Other');
  await shareRepository(owner, reader, familyId, 1);
  await seedDividend(owner, familyId, '12.5');
  await seedDividend(stranger, otherId, '999');
}, 180_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await model?.close();
});
beforeEach(() => model.setScript(() => say('Hello')));

describe('the assistant with a model configured', () => {
  it('says it is configured, and with which model', async () => {
    const response = await reader.call('GET', '/api/assistant');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_configured: true, model: 'loopback-model' });
  });

  it("answers 'what did I earn in dividends last year?' from the income tool, for a reader", async () => {
    model.setScript((request, turn) => {
      if (turn === 0)
        return callTools({ name: 'income_by_period', arguments: '{"freq":"year","end":"2025-12-31"}' });
      const [income] = toolResultsOf(request) as Array<{ periods: Array<{ total_income: string }> }>;
      return say(`You earned ${income?.periods[0]?.total_income} USD in dividends in 2025.`);
    });
    const response = await ask(reader, familyId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'answered',
      reply: { role: 'assistant', content: 'You earned 12.50 USD in dividends in 2025.' },
      tools_used: [{ name: 'income_by_period', is_error: false }],
    });
    // The protocol: tools offered, the key sent, the tool call and its result handed back in order.
    const [first, second] = model.requests;
    expect(first?.model).toBe('loopback-model');
    expect(model.authorizations[0]).toBe('Bearer test-ai-key');
    expect(first?.tools?.map((tool) => tool.function.name)).toEqual([
      'list_accounts',
      'list_assets',
      'income_by_period',
      'value_change_by_account',
      'positions',
      'search_transactions',
    ]);
    expect(first?.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(first?.messages[0]?.content).toContain('"Family"');
    expect(second?.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(second?.messages[2]?.tool_calls?.[0]?.function.name).toBe('income_by_period');
    expect(second?.messages[3]?.tool_call_id).toBe('call_1');
    expect(toolResultsOf(second)).toEqual([
      {
        currency: 'USD',
        periods: [
          {
            from: '2025-01-01',
            to: '2025-12-31',
            income: [{ category: 'cash dividend', amount: '12.50' }],
            expenses: [],
            total_income: '12.50',
            total_expenses: '0.00',
          },
        ],
      },
    ]);
  });

  it('runs several read tools in one round: accounts, assets, value change, positions, transactions', async () => {
    model.setScript((_request, turn) =>
      turn === 0
        ? callTools(
            { name: 'list_accounts', arguments: '{}' },
            { name: 'value_change_by_account', arguments: '{"freq":"quarter","end":"2025-06-30"}' },
            { name: 'positions', arguments: '{"date":"2025-12-31"}' },
            { name: 'search_transactions', arguments: '{"text":"dividend"}' },
            { name: 'list_assets', arguments: '{"include_currencies":true}' },
          )
        : say('Done'),
    );
    const response = await ask(owner, familyId, question('Which account lost most this quarter?'));
    expect(response.json().tools_used).toEqual([
      { name: 'list_accounts', is_error: false },
      { name: 'value_change_by_account', is_error: false },
      { name: 'positions', is_error: false },
      { name: 'search_transactions', is_error: false },
      { name: 'list_assets', is_error: false },
    ]);
    const [accounts, change, positions, transactions, assets] = toolResultsOf(model.requests[1]) as [
      Array<{ name: string; type: string }>,
      { periods: Array<{ from: string; accounts: Array<Record<string, unknown>> }> },
      { positions: Array<Record<string, unknown>> },
      { total: number; transactions: Array<Record<string, unknown>> },
      Array<{ name: string }>,
    ];
    expect(accounts).toEqual([
      expect.objectContaining({ name: 'Brokerage', type: 'investment account', currency: 'USD' }),
    ]);
    // April–June 2025: the 2,000 deposited in February at the start; the 12.50 dividend of 15 April is
    // income inside the quarter, so 2,000 → 2,012.50 with no market change.
    expect(change.periods[0]?.from).toBe('2025-04-01');
    expect(change.periods[0]?.accounts).toContainEqual(
      expect.objectContaining({
        name: 'Brokerage',
        value_start: '2000.00',
        value_end: '2012.50',
        change: '12.50',
        income: '12.50',
        market_change: '0.00',
      }),
    );
    expect(positions.positions).toContainEqual(
      expect.objectContaining({
        account: 'Brokerage',
        asset: 'US Dollar',
        units: '2012.5',
        value: '2012.50',
      }),
    );
    expect(transactions.total).toBe(1);
    expect(transactions.transactions[0]).toMatchObject({
      date: '2025-04-15',
      type: 'dividend',
      description: 'ACME dividend',
    });
    expect(assets.map((asset) => asset.name)).toContain('US Dollar');
  });

  it('gives a reader nothing of a repository they are not in: 404 before the model hears a word', async () => {
    const response = await ask(reader, otherId);
    expect(response.statusCode).toBe(404);
    expect(model.requests).toEqual([]);
  });

  it('keeps the tools on the repository of the route: another repository id is refused as an argument', async () => {
    model.setScript((_request, turn) =>
      turn === 0
        ? callTools({
            name: 'search_transactions',
            arguments: JSON.stringify({ text: 'dividend', repository_id: otherId }),
          })
        : say('I cannot look there.'),
    );
    const response = await ask(reader, familyId);
    expect(response.json().tools_used).toEqual([{ name: 'search_transactions', is_error: true }]);
    const [result] = toolResultsOf(model.requests[1]) as Array<{ error: string }>;
    expect(result?.error).toMatch(/^Invalid arguments for search_transactions: /);
    expect(JSON.stringify(model.requests)).not.toContain('999');
  });

  it('tells the model when its tool arguments are not JSON, and lets it try again', async () => {
    model.setScript((_request, turn) => {
      if (turn === 0) return callTools({ name: 'income_by_period', arguments: '{"freq": "year", ' });
      if (turn === 1)
        return callTools({ name: 'income_by_period', arguments: '{"freq":"year","end":"2025-12-31"}' });
      return say('12.50 USD');
    });
    const response = await ask(owner, familyId);
    expect(response.json()).toMatchObject({
      status: 'answered',
      tools_used: [
        { name: 'income_by_period', is_error: true },
        { name: 'income_by_period', is_error: false },
      ],
    });
    expect(toolResultsOf(model.requests[1])).toEqual([
      { error: 'The arguments of income_by_period are not valid JSON: {"freq": "year", ' },
    ]);
  });

  it('has no write tool: a request to create a transaction is refused to the model and nothing is written', async () => {
    const before = (await owner.call('GET', `/api/transactions?repository_id=${familyId}`)).json().meta.total;
    model.setScript((_request, turn) =>
      turn === 0
        ? callTools({ name: 'create_transaction', arguments: '{"type":"deposit","amount":"100"}' })
        : say('I can only read.'),
    );
    const response = await ask(owner, familyId, question('Add a 100 deposit'));
    expect(response.json().reply.content).toBe('I can only read.');
    expect(toolResultsOf(model.requests[1])).toEqual([
      {
        error:
          'There is no tool "create_transaction". The assistant can only read, with: list_accounts, list_assets, income_by_period, value_change_by_account, positions, search_transactions.',
      },
    ]);
    expect((await owner.call('GET', `/api/transactions?repository_id=${familyId}`)).json().meta.total).toBe(
      before,
    );
  });

  it('stops a model that keeps calling tools after 5 tool rounds (6 model calls)', async () => {
    model.setScript(() => callTools({ name: 'list_accounts', arguments: '{}' }));
    const response = await ask(owner, familyId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'round_limit',
      reply: {
        content:
          'The assistant stopped after looking things up too many times without an answer. Try a narrower question.',
      },
    });
    expect(response.json().tools_used).toHaveLength(5);
    expect(model.requests).toHaveLength(6);
  });

  it('runs at most 8 tool calls from one model turn and tells the model about the rest', async () => {
    const nine = Array.from({ length: 9 }, () => ({ name: 'list_accounts', arguments: '{}' }));
    model.setScript((_request, turn) => (turn === 0 ? callTools(...nine) : say('Nine accounts lists')));
    const response = await ask(owner, familyId);
    expect(response.json().tools_used.map((tool: { is_error: boolean }) => tool.is_error)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(toolResultsOf(model.requests[1]).at(-1)).toEqual({
      error: 'Too many tool calls at once; ask again',
    });
  });

  it('answers a busy model (429) with 429 and a down one (5xx, not JSON) with 503, without the key', async () => {
    model.setScript(() => ({
      status: 429,
      raw: '{"error":{"message":"Rate limit reached for test-ai-key"}}',
    }));
    const busy = await ask(owner, familyId);
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toEqual({
      code: 'RATE_LIMITED',
      message: "The assistant's model server is busy; try again in a minute",
    });
    model.setScript(() => ({ status: 502, raw: '<html>Bad gateway</html>' }));
    const down = await ask(owner, familyId);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: "The assistant's model server is unavailable; try again later",
    });
    model.setScript(() => ({ raw: 'not json' }));
    expect((await ask(owner, familyId)).statusCode).toBe(503);
    // A failure after a tool round is the same answer: no half conversation.
    model.setScript((_request, turn) =>
      turn === 0 ? callTools({ name: 'list_accounts', arguments: '{}' }) : { status: 500, raw: '{}' },
    );
    expect((await ask(owner, familyId)).statusCode).toBe(503);
  });

  it('refuses a conversation that does not end with a question', async () => {
    const response = await ask(owner, familyId, {
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(model.requests).toEqual([]);
  });
});

describe('the assistant without a model', () => {
  it("answers 'The assistant is not configured' (after the access check) and says so in its status", async () => {
    const alice = await createTestUser(bare, 'assistant-bare@example.com');
    const repositoryId = await createRepositoryAs(alice, 'Bare');
    expect((await alice.call('GET', '/api/assistant')).json()).toEqual({ is_configured: false, model: null });
    const response = await ask(alice, repositoryId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'not_configured',
      reply: { role: 'assistant', content: 'The assistant is not configured' },
      tools_used: [],
    });
  });
});
