// Generated statement files and their import through the server as the web does it, shared by the linked-data
// benchmarks (bench/linked-import.ts, bench/rules.ts).
import type { RunningApp } from '../../e2e/support/app-server.ts';
import { apiAs, type TE2eUser } from '../../e2e/support/users.ts';
import { fromEpochDay } from '../../packages/core/src/dates/epoch-day.ts';
import { type TWritableStatement, writeOfxSgml } from '../../packages/core/src/statements/testing/writers.ts';

export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
}

/** A checking account's year, seeded: 40 payees, amounts to the cent, dates over 2024, 5 % cheques. */
export function bankStatement(count: number): TWritableStatement {
  const random = seeded(7);
  const payees = Array.from({ length: 40 }, (_, index) => `MERCHANT ${index} & CO #${index * 7}`);
  return {
    kind: 'bank',
    accountNumber: '12300-000012345678',
    accountType: 'CHECKING',
    currency: 'USD',
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    ledgerBalance: '1234.56',
    transactions: Array.from({ length: count }, (_, index) => ({
      fitId: `2024${String(index).padStart(10, '0')}`,
      date: fromEpochDay(19_723 + Math.floor(random() * 366)),
      type: random() < 0.8 ? 'DEBIT' : 'CREDIT',
      amount: (((random() < 0.8 ? -1 : 1) * Math.floor(random() * 100_000)) / 100).toFixed(2),
      payee: payees[Math.floor(random() * payees.length)]!,
      memo: random() < 0.5 ? `POS PURCHASE ${index}` : null,
      checkNumber: random() < 0.05 ? String(1000 + index) : null,
    })),
  };
}

/** bankStatement as an OFX 1.x file, one element per line, leaves unclosed. */
export function bankFile(count: number): string {
  return writeOfxSgml([bankStatement(count)], { separators: ['\n'], closeLeaves: [false] });
}

interface TTaskAnswer {
  id: string;
  status: string;
  error: string | null;
  result: Record<string, unknown> | null;
  started_at: string | null;
  finished_at: string | null;
}

/** Upload + loader + the task to its end, as the web does it; answers wall time, task time and its result. */
export async function importFile(
  app: RunningApp,
  user: TE2eUser,
  repositoryId: string,
  bytes: Uint8Array,
  connectorId: string | undefined,
): Promise<{ ms: number; taskMs: number; uploadMs: number; result: Record<string, unknown> }> {
  const started = performance.now();
  const target = await apiAs<{ url: string; fields: Record<string, string> }>(
    app,
    user,
    'POST',
    '/file_upload',
    {
      type: 'manual_sync',
    },
  );
  const form = new FormData();
  for (const [field, value] of Object.entries(target.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'statement.ofx');
  const stored = await fetch(new URL(new URL(target.url).pathname, app.baseUrl), {
    method: 'POST',
    body: form,
  });
  if (stored.status !== 204) throw new Error(`upload answered ${stored.status}: ${await stored.text()}`);
  const uploadMs = performance.now() - started;
  const { task_id } = await apiAs<{ task_id: string }>(app, user, 'POST', '/linked_data/connectors/manual', {
    repository_id: repositoryId,
    file_key: target.fields.key,
    loader: 'ofx',
    ...(connectorId ? { connector_id: connectorId } : {}),
  });
  for (;;) {
    const tasks = await apiAs<TTaskAnswer[]>(app, user, 'GET', '/tasks');
    const task = tasks.find((item) => item.id === task_id);
    if (task && !['waiting', 'running'].includes(task.status)) {
      const ms = performance.now() - started;
      if (task.status !== 'succeeded') throw new Error(`task ${task.status}: ${task.error}`);
      const taskMs =
        task.started_at && task.finished_at
          ? Date.parse(task.finished_at) - Date.parse(task.started_at)
          : Number.NaN;
      return { ms, taskMs, uploadMs, result: task.result ?? {} };
    }
    // Not faster: each poll is a request with its own queries, competing with the import it waits for.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
