import { z } from 'zod';

/**
 * The environment variables identity reads. The lead merges this shape into the app's config schema;
 * `createAuth` only needs an object with these fields.
 */
export const ZAuthEnv = z.object({
  /** Signs cookies and encrypts secrets; when unset one is generated once into DATA_DIR/auth-secret. */
  AUTH_SECRET: z.string().min(32).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Button label for the OIDC provider. */
  OIDC_NAME: z.string().min(1).default('Single sign-on'),
  /**
   * Seconds before the first new attempt at a provider whose discovery failed; each further wait doubles,
   * up to 5 minutes (oidc-discovery.ts).
   */
  OIDC_DISCOVERY_RETRY: z.coerce.number().positive().default(5),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).optional(),
  /** Window (seconds) and request count of the strict rate limit on sign-in, sign-up, codes and resets. */
  AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().positive().default(60),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  /**
   * Password sign-in attempts per e-mail address (whatever the client address) in a window of seconds; beyond
   * them that address answers 429 until the window ends. A success clears the count.
   */
  AUTH_ACCOUNT_RATE_LIMIT_WINDOW: z.coerce.number().int().positive().default(900),
  AUTH_ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /** Lifetime of e-mailed codes, seconds. */
  AUTH_OTP_EXPIRES_IN: z.coerce.number().int().positive().default(600),
});

export type TAuthEnv = z.infer<typeof ZAuthEnv>;

export interface TAuthConfig extends Omit<TAuthEnv, 'AUTH_SECRET'> {
  /** Absolute origin users reach the app at, e.g. `https://strata.example.com`. */
  PUBLIC_URL: string;
  DATA_DIR: string;
  AUTH_SECRET?: string | undefined;
}

export interface TOidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
}

export const OIDC_PROVIDER_ID = 'oidc';

/** The OIDC provider, only when issuer, client id and secret are all set. */
export function oidcProviderConfig(config: TAuthConfig): TOidcProviderConfig | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: config.OIDC_ISSUER.replace(/\/+$/, ''),
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    name: config.OIDC_NAME,
  };
}

/**
 * Reads the identity variables from the environment (blank counts as unset, as in loadConfig) on top of
 * the app's PUBLIC_URL and DATA_DIR. For entry points that run before the app config holds these fields.
 */
export function loadAuthConfig(
  base: { PUBLIC_URL: string; DATA_DIR: string },
  env: NodeJS.ProcessEnv,
): TAuthConfig {
  const present = Object.fromEntries(
    Object.keys(ZAuthEnv.shape).flatMap((name) => {
      const value = env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  return { ...ZAuthEnv.parse(present), PUBLIC_URL: base.PUBLIC_URL, DATA_DIR: base.DATA_DIR };
}
