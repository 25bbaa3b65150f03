import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A loopback stand-in for a Sentry-compatible ingest (Sentry or GlitchTip): it accepts
 * `POST /api/<project>/envelope/` as the envelope protocol describes it (newline-delimited JSON: the envelope
 * header, then per item a header line and a payload line; gzip when the SDK compresses) and keeps each event.
 * Followed: the Sentry envelope format as documented for SDK developers (develop.sentry.dev, "Envelopes").
 */
export interface TReceivedEnvelope {
  project: string;
  /** The `sentry_key` of the X-Sentry-Auth header or the query. */
  publicKey: string | undefined;
  header: Record<string, unknown>;
  items: Array<{ type: string; payload: Record<string, unknown> }>;
}

export interface TEnvelopeReceiver {
  /** `http://<key>@127.0.0.1:<port>/<project>`: a DSN pointing at this receiver. */
  dsn(project?: string, key?: string): string;
  envelopes: TReceivedEnvelope[];
  /** The event items received so far (type 'event'). */
  events(): Array<Record<string, unknown>>;
  /** Resolves once `count` events have arrived. */
  waitForEvents(count: number, timeoutMs?: number): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/** Items carry a length in their header when the payload may hold newlines; events are one JSON line. */
function parseEnvelope(text: string): Pick<TReceivedEnvelope, 'header' | 'items'> {
  const lines = text.split('\n');
  const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
  const items: TReceivedEnvelope['items'] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const itemHeader = JSON.parse(lines[index] as string) as { type: string };
    const payloadLine = lines[index + 1] as string;
    let payload: Record<string, unknown> = {};
    try {
      payload = JSON.parse(payloadLine) as Record<string, unknown>;
    } catch {
      // Attachments are not JSON; this receiver only keeps JSON items.
    }
    items.push({ type: itemHeader.type, payload });
  }
  return { header, items };
}

export async function startEnvelopeReceiver(): Promise<TEnvelopeReceiver> {
  const envelopes: TReceivedEnvelope[] = [];
  const waiters = new Set<() => void>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/api\/([^/]+)\/envelope\/$/.exec(url.pathname);
    if (request.method === 'OPTIONS') {
      // A browser SDK's CORS preflight.
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'POST',
      });
      response.end();
      return;
    }
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end();
      return;
    }
    const auth = String(request.headers['x-sentry-auth'] ?? '');
    const publicKey =
      /sentry_key=([^,\s]+)/.exec(auth)?.[1] ?? url.searchParams.get('sentry_key') ?? undefined;
    const parsed = parseEnvelope((await readBody(request)).toString('utf8'));
    envelopes.push({ project: match[1] as string, publicKey, ...parsed });
    for (const wake of waiters) wake();
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    response.end(JSON.stringify({ id: parsed.header.event_id ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const events = () =>
    envelopes.flatMap((envelope) =>
      envelope.items.filter((item) => item.type === 'event').map((item) => item.payload),
    );

  return {
    dsn: (project = '1', key = 'publickey') => `http://${key}@127.0.0.1:${port}/${project}`,
    envelopes,
    events,
    waitForEvents(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events().length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(events());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} event(s), received ${events().length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The exceptions of a received event (type and scrubbed message). */
export function exceptionsOf(
  event: Record<string, unknown> | undefined,
): Array<{ type?: string; value?: string }> {
  const exception = event?.exception as { values?: Array<{ type?: string; value?: string }> } | undefined;
  return exception?.values ?? [];
}
