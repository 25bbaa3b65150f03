import { randomUUID } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { emailOTP, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Mailer } from '../../mail/mailer.ts';
import { OIDC_PROVIDER_ID, oidcProviderConfig, type TAuthConfig } from './auth-config.ts';
import { createAuthGuardsRepository } from './auth-guards.repository.ts';
import { authGuards } from './auth-guards.ts';
import { otpMail } from './auth-mail.ts';
import { createBackgroundTasks } from './background-tasks.ts';
import { type TProvidersContext, watchOidcDiscovery } from './oidc-discovery.ts';
import { PASSWORD_LENGTH } from './password-strength.ts';

export interface TAuthLogger {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface TCreateAuthOptions {
  // biome-ignore lint/suspicious/noExplicitAny: better-auth only needs a Kysely handle on the app database.
  db: Kysely<any>;
  config: TAuthConfig;
  mailer: Mailer;
  logger: TAuthLogger;
}

/**
 * The header the Fastify bridge fills with `request.ip` (after Fastify's own proxy handling) and strips
 * from the client's request, so rate limits key on an address the client cannot choose.
 */
export const CLIENT_IP_HEADER = 'x-strata-client-ip';

/** Paths under /api/auth that get the strict limit: guessing passwords, codes and spamming mail. */
export const STRICT_RATE_LIMIT_PATHS = [
  '/sign-in/*',
  '/sign-up/*',
  '/email-otp/*',
  '/two-factor/*',
  '/request-password-reset',
  '/reset-password',
  '/forget-password/*',
  '/change-password',
  '/passkey/verify-authentication',
] as const;

export function createAuth({ db, config, mailer, logger }: TCreateAuthOptions) {
  if (!config.AUTH_SECRET) {
    throw new Error(
      'AUTH_SECRET is not resolved: call resolveAuthSecret(DATA_DIR, AUTH_SECRET) before createAuth',
    );
  }
  const publicUrl = new URL(config.PUBLIC_URL);
  const isHttps = publicUrl.protocol === 'https:';
  const oidc = oidcProviderConfig(config);
  const expiresInMinutes = Math.max(1, Math.round(config.AUTH_OTP_EXPIRES_IN / 60));
  const strictRule = { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX };

  const backgroundTasks = createBackgroundTasks(logger);
  const oidcPlugin = oidc
    ? genericOAuth({
        config: [
          {
            providerId: OIDC_PROVIDER_ID,
            name: oidc.name,
            discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
            clientId: oidc.clientId,
            clientSecret: oidc.clientSecret,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
          },
        ],
      })
    : null;

  const auth = betterAuth({
    appName: 'Strata',
    database: { db, type: 'postgres' },
    basePath: '/api/auth',
    baseURL: publicUrl.origin,
    secret: config.AUTH_SECRET,
    trustedOrigins: [publicUrl.origin],
    logger: {
      level: 'info',
      log: (level, message, ...args) => {
        const error = args.find((arg) => arg instanceof Error);
        logger[level](error ? { err: error, args } : { args }, `better-auth: ${message}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // With verification required better-auth answers a sign-up for a taken e-mail exactly like a new one.
      autoSignIn: false,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
    },
    hooks: {
      // A changed password ends every other session, whatever the client asked for.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }),
    },
    account: {
      // An OIDC identity joins an existing account only when the provider vouches for the e-mail
      // (email_verified); trusting the provider outright would let any IdP user claim any address.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    rateLimit: {
      // better-auth turns limits off outside production; guessing codes is no less a risk in a test install.
      enabled: true,
      // In the database so every instance behind a load balancer shares the counts (and restarts keep them).
      storage: 'database',
      window: 10,
      max: 100,
      customRules: Object.fromEntries(STRICT_RATE_LIMIT_PATHS.map((path) => [path, strictRule])),
    },
    advanced: {
      // The seed's /users/{uuid} routes: ids are UUIDs (stored as text like every better-auth id).
      database: { generateId: () => randomUUID() },
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isHttps, path: '/' },
      // better-auth skips the Origin check when NODE_ENV=test; keep it on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      backgroundTasks: { handler: backgroundTasks.run },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: config.AUTH_OTP_EXPIRES_IN,
        allowedAttempts: 3,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        rateLimit: strictRule,
        async sendVerificationOTP({ email, otp, type }) {
          await mailer.send(otpMail({ email, otp, type, expiresInMinutes }));
        },
      }),
      twoFactor({ issuer: 'Strata' }),
      // Computes TOTP steps with twoFactor's defaults (30 s, 6 digits), as configured just above.
      authGuards({
        repository: createAuthGuardsRepository(db),
        accountLimit: {
          window: config.AUTH_ACCOUNT_RATE_LIMIT_WINDOW,
          max: config.AUTH_ACCOUNT_RATE_LIMIT_MAX,
        },
      }),
      passkey({ rpID: publicUrl.hostname, rpName: 'Strata', origin: publicUrl.origin }),
      ...(oidcPlugin ? [oidcPlugin] : []),
    ],
  });
  // Only a provider that loaded is offered (GET /api/auth-providers); one whose discovery failed is retried.
  const oidcDiscovery = oidcPlugin
    ? watchOidcDiscovery({
        providerId: OIDC_PROVIDER_ID,
        context: auth.$context as Promise<TProvidersContext>,
        load: async (context) => {
          const result = await oidcPlugin.init(context as Parameters<typeof oidcPlugin.init>[0]);
          return (result.context?.socialProviders ?? []) as TProvidersContext['socialProviders'];
        },
        firstDelayMs: config.OIDC_DISCOVERY_RETRY * 1000,
        logger,
      })
    : null;
  return Object.assign(auth, { backgroundTasks, oidcDiscovery });
}

export type TAuth = ReturnType<typeof createAuth>;
