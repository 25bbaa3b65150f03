import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for HubSpot's visitor identification API (Conversations v3): it checks the path, the
 * bearer token and the JSON body as HubSpot does, and answers `{ token }` or one of HubSpot's error shapes
 * (`{ status: 'error', message, correlationId, category }`). `next` queues answers for the coming calls.
 */
export interface THubSpotCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface THubSpotAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface THubSpotLoopback {
  baseUrl: string;
  calls: THubSpotCall[];
  /** Answers for the next calls, in order; afterwards each call gets a fresh token. */
  next(...answers: THubSpotAnswer[]): void;
  close(): Promise<void>;
}

export const HUBSPOT_TEST_TOKEN = 'pat-na1-test-token';

/** Where this stand-in serves a widget loader (the real one is `https://js.hs-scripts.com/<hub id>.js`). */
export const HUBSPOT_TEST_LOADER_PATH = '/hub-123.js';

/**
 * A stand-in for the loader: like HubSpot's it reads `window.hsConversationsSettings` and sets
 * `window.HubSpotConversations`; here it also keeps the settings it found, for the test to read.
 */
const TEST_LOADER = `
window.hubSpotTestLoadedWith = JSON.parse(JSON.stringify(window.hsConversationsSettings || null));
window.HubSpotConversations = { clear: function () {}, widget: { remove: function () {} } };
`;

export function hubSpotError(status: number, category: string, message: string): THubSpotAnswer {
  return { status, body: { status: 'error', message, correlationId: 'hs-corr-1', category } };
}

export async function startHubSpotLoopback(): Promise<THubSpotLoopback> {
  const calls: THubSpotCall[] = [];
  const queued: THubSpotAnswer[] = [];
  let issued = 0;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {}
    calls.push({
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body,
    });
    const send = ({ status, body: answer, headers }: THubSpotAnswer) => {
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
      response.end(answer === undefined ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer));
    };
    if (request.method === 'GET' && request.url === HUBSPOT_TEST_LOADER_PATH) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(TEST_LOADER);
      return;
    }
    if (
      request.method !== 'POST' ||
      request.url !== '/conversations/v3/visitor-identification/tokens/create'
    ) {
      return send(hubSpotError(404, 'OBJECT_NOT_FOUND', 'Not found'));
    }
    if (request.headers.authorization !== `Bearer ${HUBSPOT_TEST_TOKEN}`) {
      return send(hubSpotError(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.'));
    }
    const answer = queued.shift();
    if (answer) return send(answer);
    const email = (body as { email?: unknown } | null)?.email;
    if (typeof email !== 'string' || !email.includes('@')) {
      return send(hubSpotError(400, 'VALIDATION_ERROR', `Invalid email: ${String(email)}`));
    }
    issued += 1;
    return send({ status: 200, body: { token: `visitor-token-${issued}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    next: (...answers) => queued.push(...answers),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
