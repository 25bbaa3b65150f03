/**
 * HubSpot's Conversations visitor identification API (v3, as documented on developers.hubspot.com,
 * "Visitor identification"): `POST /conversations/v3/visitor-identification/tokens/create` with a private
 * app's bearer token and `{ email, firstName?, lastName? }`, answering `{ token }`. The widget on the page
 * then identifies the visitor with that token (and the same e-mail).
 */
export type THubSpotErrorKind = 'rate_limited' | 'unauthorized' | 'unavailable' | 'malformed';

export class HubSpotError extends Error {
  readonly kind: THubSpotErrorKind;
  /** HubSpot's status, when it answered. */
  readonly status: number | undefined;

  constructor(kind: THubSpotErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'HubSpotError';
    this.kind = kind;
    this.status = options.status;
  }
}

export interface TVisitor {
  email: string;
  firstName?: string;
  lastName?: string;
}

export interface THubSpotClient {
  createVisitorToken(visitor: TVisitor): Promise<string>;
}

export interface THubSpotClientOptions {
  baseUrl: string;
  accessToken: string;
  timeoutMs?: number;
  /** One retry after a 429 when HubSpot asks for at most this wait (its limits are per second). */
  maxRetryWaitMs?: number;
}

const TOKENS_PATH = '/conversations/v3/visitor-identification/tokens/create';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in milliseconds; HubSpot's secondly limit usually sends none, so one second. */
function retryWaitMs(header: string | null): number {
  const seconds = header === null ? 1 : Number(header);
  return Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : Number.POSITIVE_INFINITY;
}

export function createHubSpotClient(options: THubSpotClientOptions): THubSpotClient {
  const { baseUrl, accessToken, timeoutMs = 10_000, maxRetryWaitMs = 1000 } = options;
  const url = new URL(TOKENS_PATH, `${baseUrl.replace(/\/+$/, '')}/`);

  async function post(visitor: TVisitor): Promise<Response> {
    try {
      return await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(visitor),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new HubSpotError('unavailable', 'HubSpot could not be reached', { cause: error });
    }
  }

  return {
    async createVisitorToken(visitor) {
      let response = await post(visitor);
      if (response.status === 429) {
        const wait = retryWaitMs(response.headers.get('retry-after'));
        await response.body?.cancel();
        if (wait > maxRetryWaitMs)
          throw new HubSpotError('rate_limited', 'HubSpot is limiting requests', { status: 429 });
        await sleep(wait);
        response = await post(visitor);
        if (response.status === 429) {
          await response.body?.cancel();
          throw new HubSpotError('rate_limited', 'HubSpot is limiting requests', { status: 429 });
        }
      }
      const text = await response.text();
      if (response.status === 401 || response.status === 403) {
        throw new HubSpotError('unauthorized', `HubSpot refused the access token (${response.status})`, {
          status: response.status,
        });
      }
      if (!response.ok) {
        // HubSpot's error body names the category (VALIDATION_ERROR, …); its message may echo the e-mail, so it
        // is not kept.
        const category = /"category"\s*:\s*"([A-Z_]{1,64})"/.exec(text)?.[1] ?? 'unknown';
        throw new HubSpotError('unavailable', `HubSpot answered ${response.status} (${category})`, {
          status: response.status,
        });
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        throw new HubSpotError('malformed', 'HubSpot sent an answer that is not JSON', { cause: error });
      }
      const token = (body as { token?: unknown } | null)?.token;
      if (typeof token !== 'string' || token === '') {
        throw new HubSpotError('malformed', 'HubSpot answered without a token');
      }
      return token;
    },
  };
}

/** The visitor HubSpot is told about: the e-mail and the name split at its first space. */
export function visitorOf(user: { email: string; name?: string | null }): TVisitor {
  const [firstName, ...rest] = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  const visitor: TVisitor = { email: user.email };
  if (firstName) visitor.firstName = firstName;
  if (rest.length > 0) visitor.lastName = rest.join(' ');
  return visitor;
}
