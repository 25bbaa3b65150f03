import type { TTestUser } from '../../repositories/testing/repository-test-kit.ts';

// A client of the WebSocket channel 'analytics' over a real listening server and Node's WebSocket client.

export type TMessage = Record<string, unknown> & { type: string };

/** A connected socket with every message it received, and a wait for the next matching one. */
export interface TClient {
  messages: TMessage[];
  send(message: unknown): void;
  next(match: (message: TMessage) => boolean): Promise<TMessage>;
  close(): void;
}

export function connect(baseUrl: string, user: TTestUser | null, origin?: string): Promise<TClient> {
  const headers: Record<string, string> = {};
  if (user) headers.cookie = user.browser.cookieHeader();
  if (origin) headers.origin = origin;
  // Node's WebSocket (undici) takes headers as a non-standard option.
  const socket = new WebSocket(`${baseUrl}/api/ws/analytics`, { headers } as never);
  const messages: TMessage[] = [];
  const waiters: Array<{ match: (message: TMessage) => boolean; resolve: (message: TMessage) => void }> = [];
  let seen = 0;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as TMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const client: TClient = {
    messages,
    send: (message) => socket.send(JSON.stringify(message)),
    next(match) {
      const found = messages.slice(seen).find(match);
      if (found) {
        seen = messages.indexOf(found) + 1;
        return Promise.resolve(found);
      }
      return new Promise((resolve) =>
        waiters.push({
          match,
          resolve: (message) => {
            seen = messages.indexOf(message) + 1;
            resolve(message);
          },
        }),
      );
    },
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve(client), { once: true });
    socket.addEventListener('error', () => reject(new Error('refused')), { once: true });
  });
}

export const ofType = (type: string) => (message: TMessage) => message.type === type;
