import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_PUBLIC_URL } from './identity-test-app.ts';

/**
 * A cookie jar over `app.inject()`: sends the app's own Origin (as a browser on the app would) and keeps
 * the cookies better-auth sets, so each instance is one browser.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  private readonly app: FastifyInstance;
  private readonly origin: string;
  private readonly ip: string;

  constructor(app: FastifyInstance, options: { origin?: string; ip?: string } = {}) {
    this.app = app;
    this.origin = options.origin ?? TEST_PUBLIC_URL;
    this.ip = options.ip ?? '127.0.0.1';
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: this.origin,
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    this.store(response);
    return response;
  }

  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const isRemoved =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (isRemoved) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}
