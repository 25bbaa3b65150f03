import { LIVE_CONNECTOR_KINDS } from '@strata/contracts/connector-kinds';
import { LINKED_PROVIDER_MESSAGES, type TProviderInfo } from '@strata/contracts/linked-providers';
import { AppError } from '../../../plugins/app-error.ts';
import { createArchProvider } from './arch-provider.ts';
import { createCapTableProvider } from './cap-table-provider.ts';
import { createGocardlessProvider } from './gocardless-provider.ts';
import { createKrakenProvider } from './kraken-provider.ts';
import { createPlaidProvider } from './plaid-provider.ts';
import type { TProvider, TProviderId } from './provider-port.ts';
import type { TProvidersEnv } from './providers-config.ts';
import { createSecretBox, parsePreviousKeys, parseSecretKey, type TSecretBox } from './secret-box.ts';
import { createSimplefinProvider } from './simplefin-provider.ts';

export interface TProviderRegistry {
  list(): TProviderInfo[];
  /** The provider when it is configured, else null. */
  get(id: string): TProvider | null;
  /** The provider, or 400 'Connector not available' (linked seed §8), never a crash. */
  require(id: string): TProvider;
  /** Null without CONNECTOR_SECRETS_KEY: then no provider is available (a token is never stored in clear). */
  readonly secrets: TSecretBox | null;
}

/** Contracts' list of the live kinds, in its order: the web's chooser shows them so. */
const KNOWN: ReadonlyArray<{ id: TProviderId; name: string; flow: TProviderInfo['flow']; logo: string }> =
  LIVE_CONNECTOR_KINDS.map(({ id, name, flow, logo }) => ({ id, name, flow, logo }));

/**
 * The live connectors this server can link, each built only when the environment configures it. A provider
 * whose variables are missing is listed as not available.
 */
export function createProviderRegistry(env: TProvidersEnv): TProviderRegistry {
  const key = env.CONNECTOR_SECRETS_KEY ? parseSecretKey(env.CONNECTOR_SECRETS_KEY) : null;
  const secrets = key
    ? createSecretBox({
        keyId: env.CONNECTOR_SECRETS_KEY_ID,
        key,
        previous: parsePreviousKeys(env.CONNECTOR_SECRETS_PREVIOUS_KEYS) ?? undefined,
      })
    : null;
  const retry = {
    retries: env.PROVIDER_RETRIES,
    baseDelayMs: env.PROVIDER_RETRY_BASE_MS,
    maxDelayMs: env.PROVIDER_RETRY_MAX_MS,
  };
  const list = (text: string) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);

  const built = new Map<TProviderId, TProvider>();
  if (secrets && env.PLAID_CLIENT_ID && env.PLAID_SECRET) {
    built.set(
      'plaid',
      createPlaidProvider({
        clientId: env.PLAID_CLIENT_ID,
        secret: env.PLAID_SECRET,
        env: env.PLAID_ENV,
        baseUrl: env.PLAID_BASE_URL,
        countryCodes: list(env.PLAID_COUNTRY_CODES),
        products: list(env.PLAID_PRODUCTS),
        redirectUri: env.PLAID_REDIRECT_URI,
        clientName: env.PLAID_CLIENT_NAME,
        linkScriptUrl: env.PLAID_LINK_SCRIPT_URL,
        retry,
      }),
    );
  }
  if (secrets && env.SIMPLEFIN_ENABLED) {
    built.set('simplefin', createSimplefinProvider({ retry, allowHttp: env.SIMPLEFIN_ALLOW_HTTP }));
  }

  if (secrets && env.GOCARDLESS_SECRET_ID && env.GOCARDLESS_SECRET_KEY) {
    built.set(
      'gocardless',
      createGocardlessProvider({
        secretId: env.GOCARDLESS_SECRET_ID,
        secretKey: env.GOCARDLESS_SECRET_KEY,
        baseUrl: env.GOCARDLESS_BASE_URL,
        logoOrigins: env.GOCARDLESS_LOGO_ORIGINS,
        retry,
      }),
    );
  }
  if (secrets && env.ARCH_ENABLED) {
    built.set('arch', createArchProvider({ baseUrl: env.ARCH_BASE_URL, retry }));
  }
  if (secrets && env.KRAKEN_ENABLED) {
    built.set('kraken', createKrakenProvider({ baseUrl: env.KRAKEN_BASE_URL, retry }));
  }

  if (secrets && env.CAP_TABLE_CLIENT_ID && env.CAP_TABLE_CLIENT_SECRET) {
    built.set(
      'cap_table',
      createCapTableProvider({
        name: env.CAP_TABLE_NAME,
        clientId: env.CAP_TABLE_CLIENT_ID,
        clientSecret: env.CAP_TABLE_CLIENT_SECRET,
        authorizeUrl: env.CAP_TABLE_AUTHORIZE_URL,
        tokenUrl: env.CAP_TABLE_TOKEN_URL,
        apiUrl: env.CAP_TABLE_API_URL,
        scopes: env.CAP_TABLE_SCOPES,
        tokenAuth: env.CAP_TABLE_TOKEN_AUTH,
        retry,
      }),
    );
  }

  // The cap-table provider is listed under the name the operator gave it (Carta unless told otherwise).
  const names: Partial<Record<TProviderId, string>> = { cap_table: env.CAP_TABLE_NAME };
  return {
    secrets,
    list: () =>
      KNOWN.map((known) => ({
        ...known,
        name: names[known.id] ?? known.name,
        available: built.has(known.id),
      })),
    get: (id) => built.get(id as TProviderId) ?? null,
    require(id) {
      const provider = built.get(id as TProviderId);
      if (!provider) throw new AppError('BAD_REQUEST', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
      return provider;
    },
  };
}
