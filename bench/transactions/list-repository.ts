// The repository the transactions-list benchmarks read: two brokerage accounts, five stocks, and `count` template
// rows imported through POST /api/transactions/import; the list request filters, sorts and searches it.
import type { RunningApp } from '../../e2e/support/app-server.ts';
import { apiAs, type TE2eUser } from '../../e2e/support/users.ts';

/** Seeded generator of template rows over a few accounts and stocks: deposits, buys, sells, dividends. */
export function templateRows(count: number): string {
  let state = 42;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const stocks = ['AAPL', 'MSFT', 'VOO', 'NVDA', 'AMZN'];
  const accounts = ['Broker A', 'Broker B'];
  const lines = ['type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description'];
  const start = Date.UTC(2016, 0, 1);
  for (let index = 0; index < count; index += 1) {
    const date = new Date(start + Math.floor((index / count) * 3650) * 86_400_000).toISOString().slice(0, 10);
    const account = accounts[index % 2] as string;
    const stock = stocks[Math.floor(random() * stocks.length)] as string;
    const units = 1 + Math.floor(random() * 20);
    const cash = (units * (50 + random() * 400)).toFixed(2);
    const kind = index % 10;
    if (kind === 0)
      lines.push(
        `deposit,${date},${account},${(Number(cash) * 3).toFixed(2)},US Dollar,,,,,,Monthly saving ${index}`,
      );
    else if (kind === 9)
      lines.push(
        `sell,${date},${account},${units},${stock},${account},${cash},US Dollar,,,Trim ${stock} ${index}`,
      );
    else
      lines.push(
        `buy,${date},${account},${units},${stock},${account},${cash},US Dollar,,,Buy ${stock} lot ${index}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Creates the repository through the API as `user` and imports the rows (timed): answers its id, the import's
 * milliseconds and the list request's path under /api (page 3 of 50, a filter on type and date, a sort, a search).
 */
export async function createListRepository(
  app: RunningApp,
  user: TE2eUser,
  count: number,
): Promise<{ repositoryId: string; importMs: number; listPath: string }> {
  const repository = await apiAs<{ id: string }>(app, user, 'POST', '/repositories', {
    name: 'Bench',
    currency: 'USD',
  });
  await apiAs(app, user, 'POST', `/repositories/${repository.id}/initialize`);
  const tags = await apiAs<Array<{ id: string; tag_name: string; tag_value: string }>>(
    app,
    user,
    'GET',
    `/tags?repository_id=${repository.id}`,
  );
  const tag = (name: string, value: string) =>
    tags.find((t) => t.tag_name === name && t.tag_value === value)?.id;
  await apiAs(app, user, 'POST', `/assets?repository_id=${repository.id}`, [
    ...['Broker A', 'Broker B'].map((name) => ({
      type: 'investment account',
      name,
      currency: 'USD',
      tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
    })),
    ...['AAPL', 'MSFT', 'VOO', 'NVDA', 'AMZN'].map((ticker) => ({
      type: 'stock',
      name: ticker,
      ticker,
      currency: 'USD',
    })),
  ]);

  const csv = templateRows(count);
  const started = performance.now();
  await apiAs(app, user, 'POST', '/transactions/import', { repository_id: repository.id, csv });
  const importMs = performance.now() - started;

  const filter = JSON.stringify({
    logic: 'AND',
    groups: [
      {
        logic: 'OR',
        params: [
          { field: 'type', comparison: 'EQ', value: 'buy' },
          { field: 'type', comparison: 'EQ', value: 'sell' },
        ],
      },
      { logic: 'AND', params: [{ field: 'date', comparison: 'AFTER', value: '2018-01-01' }] },
    ],
  });
  const sort = JSON.stringify([{ field: 'date', sortDirection: 'descending' }]);
  const query = new URLSearchParams({
    repository_id: repository.id,
    page_size: '50',
    page_no: '3',
    filter,
    sort,
    search: 'lot',
  });
  return { repositoryId: repository.id, importMs, listPath: `/transactions?${query}` };
}
