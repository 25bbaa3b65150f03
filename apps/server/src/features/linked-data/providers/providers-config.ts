import { z } from 'zod';
import { parsePreviousKeys, parseSecretKey } from './secret-box.ts';

/** Plaid's documented drop-in Link script (https://plaid.com/docs/link/web/). */
export const PLAID_LINK_SCRIPT_DEFAULT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
/** The hosts GoCardless' institutions answer logo URLs on (its CDN, and the storage bucket older answers name). */
export const GOCARDLESS_LOGO_ORIGINS_DEFAULT =
  'https://cdn-logos.gocardless.com,https://storage.googleapis.com';

/**
 * Environment of the live connectors, part of the app's config (plugins/config.ts). A provider is available
 * only when its own variables and CONNECTOR_SECRETS_KEY are set; nothing here is required to start.
 */
export const ZProvidersEnv = z.object({
  /** 32 bytes, base64 or hex: seals provider access tokens at rest (AES-256-GCM). */
  CONNECTOR_SECRETS_KEY: z
    .string()
    .refine((text) => parseSecretKey(text) !== null, { error: 'must be 32 bytes, as base64 or hex' })
    .optional(),
  /** Stored beside each sealed token, so a rotated key still opens the rows it sealed. */
  CONNECTOR_SECRETS_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, {
      error: 'must be 1 to 64 letters, digits, dots, dashes or underscores',
    })
    .default('primary'),
  /** Keys before a rotation, `id:key,id:key`: rows they sealed are opened and sealed again with the current. */
  CONNECTOR_SECRETS_PREVIOUS_KEYS: z
    .string()
    .refine((text) => parsePreviousKeys(text) !== null, { error: 'must be id:key pairs separated by commas' })
    .optional(),
  PLAID_CLIENT_ID: z.string().optional(),
  PLAID_SECRET: z.string().optional(),
  PLAID_ENV: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
  /** Overrides the environment's address (a proxy, or a test's local Plaid). */
  PLAID_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  PLAID_COUNTRY_CODES: z.string().default('US'),
  PLAID_PRODUCTS: z.string().default('transactions'),
  /** Needed by banks that send the user through an OAuth page (Plaid's redirect_uri). */
  PLAID_REDIRECT_URI: z.url({ error: 'must be a URL' }).optional(),
  /**
   * Where the browser loads Plaid Link's script from (answered with the Link token). Plaid's own address by
   * default; a mirror or proxy the operator runs, or the e2e's local stand-in. Its origin is allowed in the
   * page's script-src and frame-src while Plaid is configured.
   */
  PLAID_LINK_SCRIPT_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(PLAID_LINK_SCRIPT_DEFAULT),
  /** The name Plaid Link shows the user. */
  PLAID_CLIENT_NAME: z.string().default('Strata'),
  /** SimpleFIN needs no server credentials (each user brings a setup token): the operator turns it on. */
  SIMPLEFIN_ENABLED: z.stringbool({ error: 'must be true or false' }).default(false),
  /** Accept http:// SimpleFIN bridges (a bridge on the same host or network; tests). https otherwise. */
  SIMPLEFIN_ALLOW_HTTP: z.stringbool({ error: 'must be true or false' }).default(false),
  /** GoCardless Bank Account Data (API v2): the user secret's id and key from its portal (User secrets). */
  GOCARDLESS_SECRET_ID: z.string().optional(),
  GOCARDLESS_SECRET_KEY: z.string().optional(),
  /** Another address for its API (a proxy; the tests' local GoCardless). */
  GOCARDLESS_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://bankaccountdata.gocardless.com'),
  /**
   * Where GoCardless' institution logos are served from (comma-separated origins): the page's img-src allows
   * them while GoCardless is configured, and an institution whose logo is elsewhere shows GoCardless' own.
   */
  GOCARDLESS_LOGO_ORIGINS: z
    .string()
    .default(GOCARDLESS_LOGO_ORIGINS_DEFAULT)
    .transform((text, context) => {
      const origins: string[] = [];
      for (const part of text
        .split(',')
        .map((one) => one.trim())
        .filter(Boolean)) {
        const url = URL.parse(part);
        if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
          context.addIssue({ code: 'custom', message: `must be http(s) origins, comma-separated: ${part}` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  /** Arch (alternative investments): on when set; each user brings their own API client id and secret. */
  ARCH_ENABLED: z.stringbool({ error: 'must be true or false' }).default(false),
  ARCH_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.arch.co'),
  /**
   * The cap-table provider (OAuth 2.0 authorization code with PKCE; Carta by default): on when its client id
   * and secret are set. The addresses default to Carta's; another provider speaking the same flow and the
   * portfolio API shape of docs/connectors.md (or a test's local one) is set here.
   */
  CAP_TABLE_NAME: z.string().trim().min(1).default('Carta'),
  CAP_TABLE_CLIENT_ID: z.string().optional(),
  CAP_TABLE_CLIENT_SECRET: z.string().optional(),
  CAP_TABLE_AUTHORIZE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://login.app.carta.com/o/authorize/'),
  CAP_TABLE_TOKEN_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://login.app.carta.com/o/access_token/'),
  CAP_TABLE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.carta.com'),
  /** Space-separated OAuth scopes asked for at the authorization. */
  CAP_TABLE_SCOPES: z.string().default('read_portfolio_info read_portfolio_securities'),
  /** How the client authenticates at the token endpoint (RFC 6749 §2.3.1): HTTP Basic or form fields. */
  CAP_TABLE_TOKEN_AUTH: z
    .enum(['client_secret_basic', 'client_secret_post'], {
      error: 'must be client_secret_basic or client_secret_post',
    })
    .default('client_secret_basic'),
  /** Kraken (crypto exchange): on when set; each user brings a read-only API key and its private key. */
  KRAKEN_ENABLED: z.stringbool({ error: 'must be true or false' }).default(false),
  /** Another address for its REST API (a proxy; the tests' local Kraken). */
  KRAKEN_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.kraken.com'),
  /** Retries of a provider call after a 429 or a 5xx (waits double from PROVIDER_RETRY_BASE_MS). */
  PROVIDER_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  PROVIDER_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  PROVIDER_RETRY_MAX_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
});
export type TProvidersEnv = z.infer<typeof ZProvidersEnv>;

/**
 * Origins the web page must be allowed to load from for the configured providers: Plaid Link's script and the
 * frame it draws the overlay in; GoCardless' institution logos. Nothing for a provider not configured.
 */
export function providerPageOrigins(env: TProvidersEnv): {
  script: string[];
  frame: string[];
  img: string[];
} {
  const plaid = env.PLAID_CLIENT_ID && env.PLAID_SECRET ? [new URL(env.PLAID_LINK_SCRIPT_URL).origin] : [];
  const gocardless = env.GOCARDLESS_SECRET_ID && env.GOCARDLESS_SECRET_KEY ? env.GOCARDLESS_LOGO_ORIGINS : [];
  return { script: plaid, frame: plaid, img: gocardless };
}
