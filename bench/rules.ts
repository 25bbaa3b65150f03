// The rules budgets of issue 22, through the real server over HTTP:
//
//   node bench/rules.ts [--transactions 100000] [--rules 10] [--databases postgresql,pglite] [--apply-only]
//
// For each database (PostgreSQL when TEST_DATABASE_URL is set — a fresh database on that server, dropped after
// —, and the embedded PGlite): start the app as `npm start` does, sign a user up, and in one repository import
// a generated checking statement of N transactions over 40 payees (bench/linked-data/statement-files.ts): the
// baseline. In a second repository, first make R enabled tagging rules (each sets the category of one payee's
// rows and tags them), then import the same file: budget no more than 1.5× the baseline. Back in the first
// repository: the first preview page of one rule (budget under 200 ms; the median of 5), then the R rules
// created with 'apply to historic' one after the other (budget: all R under 2 s on PostgreSQL). Prints a
// markdown table. `--apply-only` leaves out the second repository's import (the import budget), for measuring
// the apply on a busy machine where two 100k imports per run take minutes.
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { RunningApp } from '../e2e/support/app-server.ts';
import { startApp } from '../e2e/support/app-server.ts';
import { apiAs, createUser, type TE2eUser } from '../e2e/support/users.ts';
import { bankFile, importFile } from './linked-data/statement-files.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    rules: { type: 'string', default: '10' },
    databases: { type: 'string', default: 'postgresql,pglite' },
    'apply-only': { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.transactions);
const RULES = Number(values.rules);
const DATABASES = new Set(values.databases.split(',').map((name) => name.trim().toLowerCase()));
const APPLY_ONLY = values['apply-only'];

/** Rule i: the rows of payee i get category 'Category i' and the tag. (40 payees: each is 1/40 of the file.) */
function ruleData(index: number, tagId: string) {
  return {
    criteria: [
      {
        type: 'counterparty',
        logic: 'AND',
        params: [{ comparison: 'CONTAINS', value: `MERCHANT ${index} & CO #${index * 7}` }],
      },
      { type: 'amount', logic: 'AND', params: [{ comparison: 'LESS', value: '0' }] },
    ],
    actions: [
      { type: 'set_category', value: `Category ${index}` },
      { type: 'add_tag', tag_ids: [tagId] },
    ],
  };
}

async function newRepository(
  app: RunningApp,
  user: TE2eUser,
  name: string,
): Promise<{ id: string; tag: string }> {
  const repository = await apiAs<{ id: string }>(app, user, 'POST', '/repositories', {
    name,
    currency: 'USD',
  });
  const tag = await apiAs<{ id: string }>(app, user, 'POST', '/linked_data/transaction_tags', {
    repository_id: repository.id,
    name: 'Ruled',
  });
  return { id: repository.id, tag: tag.id };
}

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
};

interface TRow {
  database: string;
  importMs: number;
  importWithRulesMs: number;
  ruledRows: number;
  previewMs: number;
  previewTotal: number;
  applyMs: number;
  applied: number;
}

async function runOn(database: string, env: Record<string, string>, bytes: Uint8Array): Promise<TRow> {
  const app = await startApp({ ...env, LOG_LEVEL: 'warn' });
  try {
    const user = await createUser(app, { email: `bench-rules-${Date.now()}@example.com`, name: 'Bench' });
    const plain = await newRepository(app, user, 'Without rules');
    const baseline = await importFile(app, user, plain.id, bytes, undefined);

    let withRules: { ms: number; result: Record<string, unknown> } = { ms: Number.NaN, result: {} };
    if (!APPLY_ONLY) {
      const ruled = await newRepository(app, user, 'With rules');
      for (let index = 0; index < RULES; index += 1) {
        await apiAs(app, user, 'POST', '/rules', {
          repository_id: ruled.id,
          type: 'tagging',
          data: ruleData(index, ruled.tag),
        });
      }
      withRules = await importFile(app, user, ruled.id, bytes, undefined);
    }
    const rulesResult = withRules.result.rules as { changed: number } | undefined;

    const previews: number[] = [];
    let previewTotal = 0;
    for (let run = 0; run < 5; run += 1) {
      const { ms, value } = await timed(() =>
        apiAs<{ meta: { total: number } }>(app, user, 'POST', '/rules/transactions_preview', {
          repository_id: plain.id,
          type: 'tagging',
          data: ruleData(run, plain.tag),
        }),
      );
      previews.push(ms);
      previewTotal = value.meta.total;
    }
    previews.sort((a, b) => a - b);

    let applied = 0;
    const apply = await timed(async () => {
      for (let index = 0; index < RULES; index += 1) {
        const rule = await apiAs<{ summary: { changed: number } }>(app, user, 'POST', '/rules', {
          repository_id: plain.id,
          type: 'tagging',
          data: ruleData(index, plain.tag),
          apply_to_existing_transactions: true,
        });
        applied += rule.summary.changed;
      }
    });
    const row = {
      database,
      importMs: baseline.ms,
      importWithRulesMs: withRules.ms,
      ruledRows: rulesResult?.changed ?? 0,
      previewMs: previews[2] as number,
      previewTotal,
      applyMs: apply.ms,
      applied,
    };
    console.error(JSON.stringify(row));
    return row;
  } finally {
    await app.stop();
  }
}

const bytes = new TextEncoder().encode(bankFile(COUNT));
const rows: TRow[] = [];
const adminUrl = process.env.TEST_DATABASE_URL;
if (!DATABASES.has('postgresql')) {
  // not asked for
} else if (adminUrl) {
  const name = `strata_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    rows.push(await runOn('PostgreSQL', { DATABASE_URL: url.toString() }, bytes));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('(TEST_DATABASE_URL is not set: PostgreSQL is not measured)');
}
if (DATABASES.has('pglite')) rows.push(await runOn('PGlite', {}, bytes));

const s = (ms: number) => (Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`);
console.log(
  `\nRules, ${COUNT.toLocaleString('en')} linked transactions, ${RULES} enabled tagging rules (Node ${process.version})\n`,
);
console.log(
  '| database | import without rules (baseline) | import with the rules | ratio | rows the rules changed | first preview page (median of 5) | rows it matches | the rules applied to historic | rows changed |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.database} | ${s(row.importMs)} | ${s(row.importWithRulesMs)} | ${Number.isNaN(row.importWithRulesMs) ? '—' : `${(row.importWithRulesMs / row.importMs).toFixed(2)}×`} | ${row.ruledRows} | ${Math.round(row.previewMs)} ms | ${row.previewTotal} | ${s(row.applyMs)} | ${row.applied} |`,
  );
}
