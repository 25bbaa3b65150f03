import { parseArgs } from 'node:util';
import { todayIn } from '@strata/core/dates/today';
import type { Database } from '@strata/db/schema';
import type { IdentityDatabase } from '@strata/db/schema-identity';
import type { Kysely } from 'kysely';
import type { TAuth } from '../features/auth/auth.ts';
import { SET_PLAN_HELP, SetPlanError, setPlanCommand } from '../features/subscription/set-plan-command.ts';
import { disableTwoFactor, findUserIdByEmail } from './admin.repository.ts';
import { seedDemoRepository } from './seed-demo.ts';

export interface TAdminContext {
  db: Kysely<IdentityDatabase>;
  auth: TAuth;
}

/** A problem the operator can fix (bad arguments, unknown user); printed without a stack trace. */
export class AdminCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminCommandError';
  }
}

export const ADMIN_HELP = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --email E --password P [--name N]   Create a user whose e-mail is already verified.
  reset-2fa --email E                             Turn two-factor authentication off for a user
                                                  (lost authenticator); they sign in with the password.
${SET_PLAN_HELP}
  seed-demo [--email E] [--password P] [--today YYYY-MM-DD]
                                                  Add a demo repository (three years of prices, trades,
                                                  dividends, a private fund) for the user, creating the
                                                  user first if needed (default demo@strata.local,
                                                  password 'strata-demo').
  help                                            Show this text.

The database is the configured one (DATABASE_URL, or PGlite in DATA_DIR); migrations run first.
PGlite admits one process at a time: stop the server first (the command says so if it runs).`;

const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;

function requiredOption(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new AdminCommandError(`--${name} is required`);
  return value.trim();
}

export async function createUserCommand(
  context: TAdminContext,
  input: { email: string; password: string; name?: string | undefined },
): Promise<string> {
  const email = input.email.toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AdminCommandError(`"${input.email}" is not an e-mail address`);
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
    throw new AdminCommandError(
      `the password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
  const auth = await context.auth.$context;
  if (await auth.internalAdapter.findUserByEmail(email))
    throw new AdminCommandError(`a user with e-mail ${email} already exists`);
  // Through better-auth's own adapter and hasher, so the account is exactly what sign-up would create.
  const user = await auth.internalAdapter.createUser(
    { email, name: input.name ?? email.split('@')[0] ?? email, emailVerified: true },
    { method: 'admin' },
  );
  await auth.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await auth.password.hash(input.password),
  });
  return `Created user ${email} (id ${user.id}), e-mail verified.`;
}

/** `seed-demo`: the user (created when missing) gets a new demo repository. */
export async function seedDemoCommand(
  context: TAdminContext,
  input: { email: string; password: string; today: string },
): Promise<string> {
  const auth = await context.auth.$context;
  let user = await auth.internalAdapter.findUserByEmail(input.email);
  let created = '';
  if (!user) {
    created = `${await createUserCommand(context, { email: input.email, password: input.password })}\n`;
    user = await auth.internalAdapter.findUserByEmail(input.email);
  }
  if (!user) throw new AdminCommandError(`could not create ${input.email}`);
  const result = await seedDemoRepository(context.db as unknown as Kysely<Database>, user.user.id, {
    today: input.today,
  });
  return `${created}Repository "${result.name}" (id ${result.repositoryId}) for ${input.email}: ${result.assets} assets, ${result.prices} prices, ${result.transactions} transactions.`;
}

export async function resetTwoFactorCommand(
  context: TAdminContext,
  input: { email: string },
): Promise<string> {
  const email = input.email.toLowerCase();
  const userId = await findUserIdByEmail(context.db, email);
  if (!userId) throw new AdminCommandError(`no user with e-mail ${email}`);
  await context.db.transaction().execute(async (trx) => {
    await disableTwoFactor(trx, userId);
  });
  return `Two-factor authentication is off for ${email}; they can enable it again after signing in.`;
}

/** Runs one command line (without `node admin.ts`); returns the text to print. */
export async function runAdminCommand(
  argv: readonly string[],
  openContext: () => Promise<TAdminContext & { close(): Promise<void> }>,
): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return ADMIN_HELP;
  const parse = (options: Record<string, { type: 'string' }>) => {
    try {
      return parseArgs({ args: [...rest], options, strict: true, allowPositionals: false }).values;
    } catch (error) {
      throw new AdminCommandError((error as Error).message);
    }
  };
  let run: (context: TAdminContext) => Promise<string>;
  if (command === 'create-user') {
    const values = parse({
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
    });
    const input = {
      email: requiredOption(values, 'email'),
      password: requiredOption(values, 'password'),
      name: values.name,
    };
    run = (context) => createUserCommand(context, input);
  } else if (command === 'reset-2fa') {
    const values = parse({ email: { type: 'string' } });
    const input = { email: requiredOption(values, 'email') };
    run = (context) => resetTwoFactorCommand(context, input);
  } else if (command === 'set-plan') {
    const values = parse({ email: { type: 'string' }, plan: { type: 'string' }, status: { type: 'string' } });
    const input = {
      email: requiredOption(values, 'email'),
      plan: requiredOption(values, 'plan'),
      status: values.status,
    };
    // The admin context's db is the app's database; its type names only the identity tables.
    run = (context) =>
      setPlanCommand(context.db as unknown as Kysely<Database>, input).catch((error: unknown) => {
        throw error instanceof SetPlanError ? new AdminCommandError(error.message) : error;
      });
  } else if (command === 'seed-demo') {
    const values = parse({
      email: { type: 'string' },
      password: { type: 'string' },
      today: { type: 'string' },
    });
    const input = {
      email: (values.email ?? 'demo@strata.local').toLowerCase(),
      password: values.password ?? 'strata-demo',
      // The demo user has no saved time zone yet, so their "today" is the server's fallback, UTC.
      today: values.today ?? todayIn('UTC', new Date()),
    };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.today)) throw new AdminCommandError('--today must be YYYY-MM-DD');
    run = (context) => seedDemoCommand(context, input);
  } else {
    throw new AdminCommandError(`unknown command "${command}"\n\n${ADMIN_HELP}`);
  }
  const context = await openContext();
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}
