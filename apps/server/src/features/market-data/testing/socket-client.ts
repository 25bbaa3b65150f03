import type { TTestUser } from '../../repositories/testing/repository-test-kit.ts';

export type TSocketMessage = Record<string, unknown> & { type: string };

/** Opens `url` as `user` (session cookie) and resolves with the first message answering what is sent. */
export async function askOverSocket(url: string, user: TTestUser, message: unknown): Promise<TSocketMessage> {
  // Node's WebSocket (undici) takes headers as a non-standard option.
  const socket = new WebSocket(url, { headers: { cookie: user.browser.cookieHeader() } } as never);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('refused')), { once: true });
  });
  try {
    const answer = new Promise<TSocketMessage>((resolve) =>
      socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))), { once: true }),
    );
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    return await answer;
  } finally {
    socket.close();
  }
}
