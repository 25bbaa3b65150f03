import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TLoopbackAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

export type TLoopbackRoute = (
  url: URL,
  request: IncomingMessage,
) => TLoopbackAnswer | Promise<TLoopbackAnswer>;

export interface TLoopbackProvider {
  baseUrl: string;
  /** Every path+query asked, in order (to check retries and parameters). */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A provider's HTTP API on 127.0.0.1, answering what `route` returns: the tests' stand-in for Yahoo,
 * EODHD and the ECB, speaking their documented protocols with answers written from the public reference.
 */
export async function startLoopbackProvider(route: TLoopbackRoute): Promise<TLoopbackProvider> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    Promise.resolve(route(url, request)).then(
      (answer) => {
        response.writeHead(answer.status ?? 200, {
          'content-type': 'application/json',
          ...answer.headers,
        });
        response.end(answer.body);
      },
      (error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      },
    );
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
