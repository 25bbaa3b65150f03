import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../features/auth/testing/identity-test-app.ts';
import {
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../features/repositories/testing/repository-test-kit.ts';
import { databaseInvariantBreaches } from './database-invariants.ts';
import { fuzzSeed, Random } from './fuzz/random.ts';
import { createPopulatedRepository, type TPopulatedRepository } from './populated-repository.ts';

/**
 * Concurrent writers (issue #17, docs/reliability.md): 50 clients, for CONCURRENT_WRITERS_SECONDS (30 by
 * default), create, change and delete transactions, prices and tags of one repository through HTTP, all at
 * once. Each client keeps what the answers it got say exists; afterwards the database must hold exactly
 * the union of those records — no row lost, none duplicated, the sum of the amounts to the cent. Prices
 * and tags are drawn from small shared key spaces (asset × date, name × value), so clients collide on
 * purpose: of two creates of one key, one gets 201 and the other 409, never both 201.
 */
const CLIENTS = 50;
const seconds = Number(process.env.CONCURRENT_WRITERS_SECONDS ?? 30);
const seed = fuzzSeed();

let t: TIdentityTestApp;
let data: TPopulatedRepository;
let writers: TTestUser[];
/** Rows the populated repository started with, which the clients do not touch. */
let baseline: { transactions: string[]; prices: string[]; tags: string[] };

beforeAll(async () => {
  t = await createIdentityTestApp();
  data = await createPopulatedRepository(t, 'writers-owner@example.com');
  writers = [data.owner];
  for (const name of ['writer-a', 'writer-b']) {
    const writer = await createTestUser(t, `${name}@example.com`);
    await shareRepository(data.owner, writer, data.repositoryId, 2);
    writers.push(writer);
  }
  const db = t.app.db;
  baseline = {
    transactions: (await db.selectFrom('transactions').select('id').execute()).map((row) => row.id),
    prices: (await db.selectFrom('asset_prices').select('id').execute()).map((row) => row.id),
    tags: (await db.selectFrom('tags').select('id').execute()).map((row) => row.id),
  };
});
afterAll(async () => {
  await t?.close();
});

interface TTransactionRecord {
  amount: bigint;
  date: string;
  isTrashed: boolean;
}
interface TPriceRecord {
  assetId: string;
  date: string;
  close: bigint;
}
interface TTagRecord {
  name: string;
  value: string;
}

/** Everything the clients' successful answers say exists now. */
const model = {
  transactions: new Map<string, TTransactionRecord>(),
  prices: new Map<string, TPriceRecord>(),
  tags: new Map<string, TTagRecord>(),
};
/** Answers that contradict the model or the contract: a 5xx, a 404 for a client's own row, two 201s for one key. */
const surprises: string[] = [];
/**
 * Rows whose delete is in flight: the key is free once the delete commits, which may be before its answer
 * arrives, so another client's create of that key may rightly succeed meanwhile.
 */
const deleting = new Set<string>();
const counts = { requests: 0, created: 0, updated: 0, deleted: 0, conflicts: 0 };

/** Cents as the API's decimal text: 12345n → '123.45'. */
function decimalOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/** The API's decimal text as cents ('123.4' → 12340n); amounts here never have more than two decimals. */
function centsOf(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)));
}

async function runClient(index: number, deadline: number): Promise<void> {
  const random = new Random(seed + index);
  const user = writers[index % writers.length] as TTestUser;
  const own = { transactions: [] as string[], prices: [] as string[], tags: [] as string[] };
  const dayOf = (n: number) =>
    `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    counts.requests++;
    const answer = await user.call(method, url, body);
    if (answer.statusCode >= 500) surprises.push(`${method} ${url} → ${answer.statusCode} ${answer.body}`);
    return answer;
  };
  const expectOneOf = (what: string, answer: LightMyRequestResponse, statuses: number[]) => {
    if (!statuses.includes(answer.statusCode))
      surprises.push(`${what} → ${answer.statusCode} ${answer.body}`);
    if (answer.statusCode === 409) counts.conflicts++;
    return answer.statusCode;
  };
  const deposit = (cents: bigint, date: string) => ({
    repository_id: data.repositoryId,
    type: 'deposit',
    date,
    description: `client ${index}`,
    entries: [{ account_id: data.broker, asset_id: data.usd, amount: decimalOf(cents) }],
  });

  while (Date.now() < deadline) {
    const action = random.int(0, 9);
    if (action <= 1 || own.transactions.length === 0) {
      // One or a batch of deposits.
      const batch = Array.from({ length: random.chance(0.3) ? random.int(2, 5) : 1 }, () =>
        deposit(BigInt(random.int(1, 1_000_000)), dayOf(random.int(0, 400))),
      );
      const answer = await call('POST', '/api/transactions', batch.length === 1 ? batch[0] : batch);
      if (expectOneOf('create transactions', answer, [201]) !== 201) continue;
      const created = (batch.length === 1 ? [answer.json()] : answer.json()) as {
        id: string;
        date: string;
        entries: { amount: string }[];
      }[];
      for (const row of created) {
        model.transactions.set(row.id, {
          amount: centsOf(row.entries[0]?.amount ?? 'x'),
          date: row.date,
          isTrashed: false,
        });
        own.transactions.push(row.id);
        counts.created++;
      }
    } else if (action === 2) {
      const id = random.pick(own.transactions);
      const record = model.transactions.get(id) as TTransactionRecord;
      if (record.isTrashed) continue;
      const cents = BigInt(random.int(1, 1_000_000));
      const date = dayOf(random.int(0, 400));
      const answer = await call('PUT', `/api/transactions/${id}`, deposit(cents, date));
      if (expectOneOf('update transaction', answer, [200]) !== 200) continue;
      model.transactions.set(id, { amount: cents, date, isTrashed: false });
      counts.updated++;
    } else if (action === 3) {
      const id = random.pick(own.transactions);
      const record = model.transactions.get(id) as TTransactionRecord;
      const isHard = record.isTrashed || random.chance(0.5);
      const answer = await call('DELETE', `/api/transactions${isHard ? '?is_hard=1' : ''}`, { ids: [id] });
      if (expectOneOf('delete transaction', answer, [200]) !== 200) continue;
      if (isHard) {
        model.transactions.delete(id);
        own.transactions.splice(own.transactions.indexOf(id), 1);
      } else record.isTrashed = true;
      counts.deleted++;
    } else if (action === 4 || action === 5) {
      const assetId = random.pick(data.stocks);
      const date = dayOf(random.int(0, 60));
      const close = BigInt(random.int(1, 100_000));
      const answer = await call('POST', '/api/asset_prices', {
        asset_id: assetId,
        date,
        close: decimalOf(close),
      });
      if (expectOneOf('create price', answer, [201, 409]) !== 201) continue;
      const id = answer.json().id as string;
      for (const [otherId, other] of model.prices)
        if (other.assetId === assetId && other.date === date && !deleting.has(otherId))
          surprises.push(`price ${assetId} ${date} created as ${id} while ${otherId} exists`);
      model.prices.set(id, { assetId, date, close });
      own.prices.push(id);
      counts.created++;
    } else if (action === 6 && own.prices.length > 0) {
      const id = random.pick(own.prices);
      const record = model.prices.get(id) as TPriceRecord;
      const close = BigInt(random.int(1, 100_000));
      const answer = await call('PUT', `/api/asset_prices/${id}`, {
        date: record.date,
        close: decimalOf(close),
      });
      if (expectOneOf('update price', answer, [200]) !== 200) continue;
      record.close = close;
      counts.updated++;
    } else if (action === 7 && own.prices.length > 0) {
      const id = random.pick(own.prices);
      deleting.add(id);
      const answer = await call('DELETE', `/api/asset_prices/${id}`);
      deleting.delete(id);
      if (expectOneOf('delete price', answer, [200]) !== 200) continue;
      model.prices.delete(id);
      own.prices.splice(own.prices.indexOf(id), 1);
      counts.deleted++;
    } else if (action === 8) {
      const name = `Load ${random.int(0, 4)}`;
      const value = `v${random.int(0, 19)}`;
      const answer = await call('POST', '/api/tags', {
        repository_id: data.repositoryId,
        tag_name: name,
        tag_value: value,
      });
      if (expectOneOf('create tag', answer, [201, 409]) !== 201) continue;
      const id = answer.json().id as string;
      for (const [otherId, other] of model.tags)
        if (other.name === name && other.value === value && !deleting.has(otherId))
          surprises.push(`tag ${name}=${value} created as ${id} while ${otherId} exists`);
      model.tags.set(id, { name, value });
      own.tags.push(id);
      counts.created++;
    } else if (action === 9 && own.tags.length > 0) {
      const id = random.pick(own.tags);
      deleting.add(id);
      const answer = await call('DELETE', `/api/tags/${id}`);
      deleting.delete(id);
      if (expectOneOf('delete tag', answer, [200]) !== 200) continue;
      model.tags.delete(id);
      own.tags.splice(own.tags.indexOf(id), 1);
      counts.deleted++;
    }
  }
}

describe('concurrent writers', () => {
  it(`${CLIENTS} clients for ${seconds} s lose and duplicate no row, and the totals are exact (seed ${seed})`, async () => {
    console.log(`concurrent writers seed ${seed} (replay the clients' choices with FUZZ_SEED=${seed})`);
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, index) => runClient(index, deadline)));

    const db = t.app.db;
    const transactions = await db
      .selectFrom('transactions as t')
      .innerJoin('transaction_entries as e', 'e.transaction_id', 't.id')
      .select(['t.id', 't.date', 't.deleted_at', sql<string>`e.amount::text`.as('amount')])
      .where('t.repository_id', '=', data.repositoryId)
      .where('t.id', 'not in', baseline.transactions)
      .execute();
    const prices = await db
      .selectFrom('asset_prices')
      .select(['id', 'asset_id', 'date', sql<string>`close::text`.as('close')])
      .where('id', 'not in', baseline.prices)
      .execute();
    const tags = await db
      .selectFrom('tags')
      .select(['id', 'tag_name', 'tag_value'])
      .where('id', 'not in', baseline.tags)
      .execute();
    const [total] = (
      await sql<{ total: string | null }>`
        SELECT sum(e.amount)::text AS total FROM transaction_entries e JOIN transactions t ON t.id = e.transaction_id
        WHERE t.repository_id = ${data.repositoryId} AND t.deleted_at IS NULL AND NOT (t.id = ANY(${baseline.transactions}::uuid[]))`.execute(
        db,
      )
    ).rows;

    const liveCents = [...model.transactions.values()]
      .filter((record) => !record.isTrashed)
      .reduce((sum, record) => sum + record.amount, 0n);
    const databaseRows = {
      transactions: Object.fromEntries(
        transactions.map((row) => [
          row.id,
          `${centsOf(row.amount)} ${row.date}${row.deleted_at ? ' trashed' : ''}`,
        ]),
      ),
      prices: Object.fromEntries(
        prices.map((row) => [row.id, `${row.asset_id} ${row.date} ${centsOf(row.close)}`]),
      ),
      tags: Object.fromEntries(tags.map((row) => [row.id, `${row.tag_name}=${row.tag_value}`])),
    };
    const answeredRows = {
      transactions: Object.fromEntries(
        [...model.transactions].map(([id, r]) => [
          id,
          `${r.amount} ${r.date}${r.isTrashed ? ' trashed' : ''}`,
        ]),
      ),
      prices: Object.fromEntries(
        [...model.prices].map(([id, r]) => [id, `${r.assetId} ${r.date} ${r.close}`]),
      ),
      tags: Object.fromEntries([...model.tags].map(([id, r]) => [id, `${r.name}=${r.value}`])),
    };
    const lost = Object.values(answeredRows).flatMap((rows, i) =>
      Object.keys(rows).filter((id) => !(id in (Object.values(databaseRows)[i] as object))),
    );
    const extra = Object.values(databaseRows).flatMap((rows, i) =>
      Object.keys(rows).filter((id) => !(id in (Object.values(answeredRows)[i] as object))),
    );
    console.log(
      [
        `concurrent writers, seed ${seed}: ${CLIENTS} clients × ${seconds} s: ${counts.requests} requests`,
        `created ${counts.created}, updated ${counts.updated}, deleted ${counts.deleted}, refused as conflicts ${counts.conflicts}`,
        `rows at the end: ${transactions.length} transactions, ${prices.length} prices, ${tags.length} tags; live total ${total?.total ?? '0'} (answers say ${decimalOf(liveCents)})`,
        `lost ${lost.length}, not answered for (duplicated or stray) ${extra.length}, surprises ${surprises.length}`,
        ...surprises.slice(0, 20),
      ].join('\n'),
    );
    expect(surprises).toEqual([]);
    expect(databaseRows).toEqual(answeredRows);
    expect(centsOf(total?.total ?? '0')).toBe(liveCents);
    expect(await databaseInvariantBreaches(db)).toEqual({});
  });
});
