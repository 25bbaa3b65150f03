import type { TIdentityTestApp } from '../features/auth/testing/identity-test-app.ts';
import {
  createBrokerageAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../features/repositories/testing/repository-test-kit.ts';

export interface TPopulatedRepository {
  owner: TTestUser;
  repositoryId: string;
  broker: string;
  usd: string;
  stocks: string[];
}

function expectStatus(what: string, response: { statusCode: number; body: string }, status: number): void {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}

/**
 * A signed-in owner of an initialised repository with a brokerage, three stocks, a deposit and buys, prices,
 * a tag on an asset and a contact: enough that requests built from real ids reach every feature's service.
 */
export async function createPopulatedRepository(
  t: TIdentityTestApp,
  email: string,
): Promise<TPopulatedRepository> {
  const owner = await createTestUser(t, email);
  const repositoryId = await createRepositoryAs(owner, 'Reliability');
  const { broker, usd } = await createBrokerageAs(owner, repositoryId);
  const stocks = [
    await createStockAs(owner, repositoryId, 'ACME'),
    await createStockAs(owner, repositoryId, 'BOLT'),
    await createStockAs(owner, repositoryId, 'CORE'),
  ];
  const trades = [
    {
      repository_id: repositoryId,
      type: 'deposit',
      date: '2024-01-02',
      description: 'Funding',
      entries: [{ account_id: broker, asset_id: usd, amount: '100000' }],
    },
    ...stocks.flatMap((stock, index) =>
      ['2024-02-01', '2024-03-01', '2024-04-01'].map((date) => ({
        repository_id: repositoryId,
        type: 'buy',
        date,
        description: `Buy ${index}`,
        entries: [
          { account_id: broker, asset_id: stock, amount: '10' },
          { account_id: broker, asset_id: usd, amount: '1000' },
        ],
      })),
    ),
  ];
  expectStatus('transactions', await owner.call('POST', '/api/transactions', trades), 201);
  for (const stock of stocks) {
    for (const [date, close] of [
      ['2024-02-01', '100'],
      ['2024-03-01', '110.5'],
      ['2024-04-01', '95.25'],
    ]) {
      expectStatus(
        'price',
        await owner.call('POST', '/api/asset_prices', { asset_id: stock, date, close }),
        201,
      );
    }
  }
  const tag = await owner.call('POST', '/api/tags', {
    repository_id: repositoryId,
    tag_name: 'Risk',
    tag_value: 'High',
  });
  expectStatus('tag', tag, 201);
  expectStatus(
    'asset tag',
    await owner.call('POST', '/api/asset_tags', { asset_id: stocks[0], tag_id: tag.json().id }),
    201,
  );
  expectStatus(
    'contact',
    await owner.call('POST', '/api/contact_info', {
      repository_id: repositoryId,
      name: 'Broker desk',
      email: 'desk@example.com',
    }),
    201,
  );
  return { owner, repositoryId, broker, usd, stocks };
}
