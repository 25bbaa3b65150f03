import { createOTP } from '@better-auth/utils/otp';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { TAuthGuardsRepository } from './auth-guards.repository.ts';
import { isPasswordTooWeak, PASSWORD_LENGTH, WEAK_PASSWORD } from './password-strength.ts';

/** better-auth's TOTP settings, which the two-factor plugin is created with (its defaults). */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** better-auth accepts the code of the current step and of one step either side. */
const TOTP_WINDOW_STEPS = 1;
/** The two-factor plugin's cookie during a password-then-code sign-in (`TWO_FACTOR_COOKIE_NAME`, not exported). */
const TWO_FACTOR_COOKIE = 'two_factor';
/** A code that never matches: better-auth's comparison checks the length first. */
const NEVER_A_CODE = 'replayed';

export interface TAuthGuardsOptions {
  repository: TAuthGuardsRepository;
  /** Password sign-in attempts per e-mail address (whatever the client address) and window, seconds. */
  accountLimit: { window: number; max: number };
}

const ACCOUNT_RATE_LIMITED_MESSAGE = 'Too many sign-in attempts for this account. Please try again later.';

/** Where each endpoint that sets a password carries the new one. */
const NEW_PASSWORD_FIELD = new Map<string | undefined, 'password' | 'newPassword'>([
  ['/sign-up/email', 'password'],
  ['/email-otp/reset-password', 'password'],
  ['/reset-password', 'newPassword'],
  ['/change-password', 'newPassword'],
]);

type TBody = Record<string, unknown> | undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** better-auth finds users by the lower-cased address; the count must not split on case or spaces. */
const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Guards better-auth 1.7.6 does not have, as a plugin of hooks on its endpoints:
 * - a TOTP code is accepted once per user (its time step is claimed before better-auth verifies it);
 * - passwords zxcvbn finds easy to guess are refused wherever a password is set, before anything is written;
 * - password sign-ins are counted per e-mail address, whatever the client address: beyond the limit the
 *   address answers 429 until its window ends, right password or not; a success clears the count.
 */
export function authGuards({ repository, accountLimit }: TAuthGuardsOptions): BetterAuthPlugin {
  return {
    id: 'strata-guards',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = text((ctx.body as TBody)?.code);
            if (!code) return;
            const userId = await totpUserId(ctx);
            if (!userId) return; // better-auth answers the missing session or challenge itself.
            const step = await matchingStep(ctx, userId, code);
            if (step === null) return; // a wrong code: better-auth refuses it and counts the failure.
            if (await repository.claimTotpStep(userId, step, step - 2 * TOTP_WINDOW_STEPS)) return;
            // A replay is a wrong code in every respect: same answer, and it counts toward the attempt lock.
            return { context: { body: { ...(ctx.body as object), code: NEVER_A_CODE } } };
          }),
        },
        {
          matcher: (ctx) => NEW_PASSWORD_FIELD.has(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as TBody;
            const password = text(body?.[NEW_PASSWORD_FIELD.get(ctx.path) as string]);
            // Missing or of the wrong length: better-auth's own validation answers (PASSWORD_TOO_SHORT, …).
            if (!password || password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max)
              return;
            // The account's own e-mail and name are words a guesser tries first.
            const inputs = [text(body?.email), text(body?.name)];
            if (ctx.path === '/change-password') {
              const session = await getSessionFromCtx(ctx);
              inputs.push(session?.user.email, session?.user.name);
            }
            const words = inputs.filter((input): input is string => input !== undefined);
            if (isPasswordTooWeak(password, words)) throw new APIError('BAD_REQUEST', { ...WEAK_PASSWORD });
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = text((ctx.body as TBody)?.email);
            if (!email) return;
            // Counted before the password is checked, so concurrent guesses cannot all slip under the limit.
            const { attempts, retryAfterSeconds } = await repository.countSignInAttempt(
              normalEmail(email),
              accountLimit.window,
            );
            if (attempts <= accountLimit.max) return;
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { message: ACCOUNT_RATE_LIMITED_MESSAGE },
              { 'X-Retry-After': String(retryAfterSeconds) },
            );
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = text((ctx.body as TBody)?.email);
            const returned = ctx.context.returned;
            // Only a sign-in that got past the password (a session, or the second-factor step) clears it.
            if (!email || !returned || returned instanceof Error) return;
            await repository.clearSignInAttempts(normalEmail(email), accountLimit.window);
          }),
        },
      ],
    },
  };
}

type TMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The user a TOTP code is for: the signed-in one (set-up), or the one half-way through a sign-in. */
async function totpUserId(ctx: TMiddlewareContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!token) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(token);
  return challenge?.value ?? null;
}

/** The time step whose code `code` is, within the window better-auth accepts; null when none. */
async function matchingStep(ctx: TMiddlewareContext, userId: string, code: string): Promise<number | null> {
  const row = await ctx.context.adapter.findOne<{ secret: string }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  });
  if (!row) return null;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  // The same HOTP as better-auth's verify, so a step matches exactly when better-auth would accept it.
  const otp = createOTP(secret, { period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS });
  const current = Math.floor(Date.now() / (TOTP_PERIOD_SECONDS * 1000));
  for (let offset = -TOTP_WINDOW_STEPS; offset <= TOTP_WINDOW_STEPS; offset++) {
    if ((await otp.hotp(current + offset)) === code) return current + offset;
  }
  return null;
}
