import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdentityTestApp,
  type TIdentityTestApp,
} from '../../features/auth/testing/identity-test-app.ts';
import { databaseInvariantBreaches, dataFingerprint } from '../database-invariants.ts';
import { createPopulatedRepository, type TPopulatedRepository } from '../populated-repository.ts';
import {
  operationsOf,
  RequestFuzzer,
  type TFuzzRequest,
  type TOperation,
  type TUploadForm,
} from './fuzz-request.ts';
import { fuzzSeed, Random } from './random.ts';

/**
 * The HTTP fuzzer (issue #17, docs/reliability.md): every operation of the OpenAPI document, signed in as the
 * owner of a populated repository, gets requests sampled from its schema and broken by one mutation each
 * (broken JSON, wrong types, control bytes, huge strings, extreme numbers, impossible dates, prototype keys,
 * path traversal, wrong content types, multipart). No answer may be a 5xx; a refused write may change
 * nothing; afterwards the database invariants hold. FUZZ_SEED replays a run, FUZZ_REQUESTS sizes it.
 */
const seed = fuzzSeed();
const requestCount = Number(process.env.FUZZ_REQUESTS ?? 10_000);
/** The run is bounded by its request count; this only stops a stuck run (the project's 180 s is too short on a busy machine). */
const RUN_TIMEOUT_MS = 900_000;
/** A request that has not answered by then is reported as a failure instead of hanging the run. */
const NO_ANSWER_MS = 60_000;

let t: TIdentityTestApp;
let data: TPopulatedRepository;
let webDir: string;

beforeAll(async () => {
  // The built web app, as in production: a GET outside /api (a traversal that leaves /api) gets index.html,
  // not the 503 "run npm run build" of a checkout without a build.
  webDir = await mkdtemp(join(tmpdir(), 'strata-fuzz-web-'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Strata</title>');
  t = await createIdentityTestApp({ env: { WEB_DIST_DIR: webDir } });
  data = await createPopulatedRepository(t, 'fuzz-owner@example.com');
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

interface TFinding {
  request: string;
  status: number;
  answer: string;
  /** Same kind, same failure: status, operation and the logged error's first line. */
  kind?: string;
}

/** One line per kind of failure with its count and first example, so a run's report stays readable. */
function groupFindings(findings: TFinding[]): string[] {
  const groups = new Map<string, { count: number; example: TFinding }>();
  for (const finding of findings) {
    const key = finding.kind ?? finding.request;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { count: 1, example: finding });
  }
  return [...groups].map(
    ([kind, { count, example }]) =>
      `  ${count} × ${kind}
      e.g. ${example.request}
      → ${example.status} ${example.answer}`,
  );
}

function describeRequest(request: TFuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` ${request.headers['content-type'] ?? ''} ${String(request.payload).slice(0, 600)}${
          String(request.payload).length > 600 ? `… (${request.payload.length} chars)` : ''
        }`;
  return `${request.method} ${request.url.slice(0, 400)} [${request.mutation}]${payload}`;
}

/**
 * The data tables' fingerprint, or undefined while background jobs are due or running (an import started
 * earlier may write at any moment, so a change then proves nothing about the request under test).
 */
async function quietFingerprint(): Promise<Record<string, string> | undefined> {
  const fingerprint = await dataFingerprint(t.app.db, [
    sql`SELECT 'due jobs', count(*)::int, coalesce(string_agg(DISTINCT name, ','), '') FROM pgboss.job
        WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
  ]);
  const dueJobs = fingerprint['due jobs'] ?? '';
  delete fingerprint['due jobs'];
  if (dueJobs.startsWith('0 ')) return fingerprint;
  // Run the due jobs here rather than waiting for the worker's next poll, so the next request starts quiet.
  for (const queue of dueJobs.split('#')[1]?.split(',').filter(Boolean) ?? [])
    await t.app.jobs.runPending(queue);
  return undefined;
}

/** A quiet fingerprint, after letting due and running jobs finish (a few short waits at most). */
async function settledFingerprint(): Promise<Record<string, string> | undefined> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const fingerprint = await quietFingerprint();
    if (fingerprint) return fingerprint;
    await delay(20);
  }
  return undefined;
}

/** The error the server logged for a request (message and the top of its stack), for the failure report. */
function loggedErrorOf(correlationId: unknown): string {
  const line = t.logs.find((log) => log.correlationId === correlationId && log.err);
  const error = line?.err as { message?: string; stack?: string } | undefined;
  return error ? `logged: ${error.stack?.split('\n').slice(0, 4).join(' | ') ?? error.message}` : '';
}

describe('the HTTP fuzzer', () => {
  it(
    `answers no request with a 5xx and leaves no half-written rows (seed ${seed})`,
    async () => {
      console.log(`HTTP fuzzer seed ${seed} (replay with FUZZ_SEED=${seed}), ${requestCount} requests`);
      const random = new Random(seed);
      const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const operations: TOperation[] = operationsOf(document);
      expect(operations.length).toBeGreaterThan(80);

      const permanent: Record<string, string[]> = {
        repositories: [data.repositoryId],
        assets: [data.broker, data.usd, ...data.stocks],
        users: [data.owner.id, data.owner.email],
      };
      const seen: Record<string, string[]> = {};
      const uploadForms: TUploadForm[] = [];
      const pool = (resource: string) => [...(permanent[resource] ?? []), ...(seen[resource] ?? [])];
      const fuzzer = new RequestFuzzer(
        { random, pool, ownResource: '', counter: { n: 0 } },
        () => uploadForms,
      );

      /** Ids and upload forms from successful answers feed later requests. */
      const harvest = (operation: TOperation, body: unknown) => {
        const record = body as {
          id?: unknown;
          data?: unknown;
          url?: unknown;
          fields?: Record<string, string>;
        };
        if (record && typeof record.url === 'string' && record.fields?.key) {
          uploadForms.push({ fields: record.fields });
          if (uploadForms.length > 20) uploadForms.shift();
        }
        const items = Array.isArray(body) ? body : Array.isArray(record?.data) ? record.data : [body];
        for (const item of items as { id?: unknown }[]) {
          if (!item || typeof item.id !== 'string') continue;
          seen[operation.resource] ??= [];
          const ids = seen[operation.resource] as string[];
          if (!ids.includes(item.id) && !permanent[operation.resource]?.includes(item.id)) ids.push(item.id);
          if (ids.length > 30) ids.shift();
        }
      };
      // Read every list once so the pools start with the seeded rows.
      for (const operation of operations.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
        const answer = await t.app.inject({
          method: 'GET',
          url: `${operation.path}?repository_id=${data.repositoryId}`,
          headers: { cookie: data.owner.browser.cookieHeader() },
        });
        if (answer.statusCode === 200 && answer.headers['content-type']?.toString().includes('json'))
          harvest(operation, answer.json());
      }

      const failures: TFinding[] = [];
      const halfWritten: (TFinding & { changed: string[] })[] = [];
      const byStatus: Record<string, number> = {};
      const byMutation: Record<string, number> = {};
      let refusedWritesChecked = 0;
      let refusedWritesUnchecked = 0;
      /**
       * The fingerprint after the previous request, when that request was a refused write found unchanged:
       * then it is the state before this one, and one query per request is saved. Anything else forgets it.
       */
      let known: Record<string, string> | undefined;
      let order: TOperation[] = [];
      const started = Date.now();
      for (let index = 0; index < requestCount; index++) {
        if (index > 0 && index % 2000 === 0)
          console.log(
            `${index} requests, ${failures.length} 5xx, ${((Date.now() - started) / 1000).toFixed(0)} s`,
          );
        if (order.length === 0) order = [...operations].sort(() => random.next() - 0.5);
        const operation = order.pop() as TOperation;
        const request = fuzzer.request(operation);
        // The run's own repository stays: deleting it would end the run (other repositories may go).
        if (
          request.method === 'DELETE' &&
          request.url.split('?')[0] === `/api/repositories/${data.repositoryId}`
        )
          request.url = `/api/repositories/${random.uuid()}`;
        const isWrite = request.method !== 'GET';
        const before = isWrite ? (known ?? (await settledFingerprint())) : undefined;
        known = undefined;

        const answer = await Promise.race([
          t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: {
              origin: 'http://localhost:3000',
              cookie: data.owner.browser.cookieHeader(),
              ...request.headers,
            },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          }),
          delay(NO_ANSWER_MS, undefined, { ref: false }),
        ]);
        const status = answer?.statusCode ?? 0;
        const kind = request.mutation.split(' ')[0] as string;
        byMutation[kind] = (byMutation[kind] ?? 0) + 1;
        const statusClass = status === 0 ? 'no answer' : `${String(status)[0]}xx`;
        byStatus[statusClass] = (byStatus[statusClass] ?? 0) + 1;
        if (!answer || status >= 500) {
          const logged = loggedErrorOf(answer?.headers['x-correlation-id']);
          failures.push({
            request: describeRequest(request),
            status,
            answer: `${answer?.body.slice(0, 300) ?? ''} ${logged}`,
            kind: `${status} ${operation.method} ${operation.path}: ${logged.split(' | ')[0]?.replace(/"[^"]*"/g, '"…"') || answer?.body.slice(0, 80)}`,
          });
          continue;
        }
        if (answer.cookies.length > 0) data.owner.browser.store(answer);
        if (status < 300 && answer.headers['content-type']?.toString().includes('json'))
          harvest(operation, answer.json());
        if (isWrite && status >= 400) {
          const after = before && (await quietFingerprint());
          if (!before || !after) {
            refusedWritesUnchecked++;
            continue;
          }
          refusedWritesChecked++;
          known = after;
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0)
            halfWritten.push({
              request: describeRequest(request),
              status,
              answer: answer.body.slice(0, 300),
              changed,
            });
        }
      }
      const seconds = (Date.now() - started) / 1000;
      const rows = await dataFingerprint(t.app.db);
      const breaches = await databaseInvariantBreaches(t.app.db);
      const polluted = Object.keys(Object.prototype).concat(Object.keys(Array.prototype));

      console.log(
        [
          `HTTP fuzzer, seed ${seed}: ${requestCount} requests to ${operations.length} operations in ${seconds.toFixed(1)} s`,
          `answers: ${JSON.stringify(byStatus)}`,
          `mutations: ${JSON.stringify(byMutation)}`,
          `5xx or no answer: ${failures.length}; refused writes checked unchanged: ${refusedWritesChecked} (not checked while jobs ran: ${refusedWritesUnchecked}); half-written: ${halfWritten.length}`,
          `rows at the end: ${JSON.stringify(Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, Number.parseInt(v, 10)])))}`,
          ...groupFindings(failures),
          ...halfWritten
            .slice(0, 20)
            .map((f) => `  half-written (${f.changed.join(', ')}) ${f.status} ← ${f.request}`),
        ].join('\n'),
      );
      expect(polluted, 'Object.prototype or Array.prototype gained keys').toEqual([]);
      expect(breaches, 'database invariants').toEqual({});
      expect(halfWritten.map((f) => `${f.request} → ${f.status} changed ${f.changed.join(', ')}`)).toEqual(
        [],
      );
      expect(failures.map((f) => `${f.status} ← ${f.request}`)).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );
});
