import { type Kysely, sql } from 'kysely';

/**
 * Identity tables exactly as better-auth 1.7.6 expects them with our plugins (email OTP, two-factor,
 * passkey, generic OAuth, database rate limits): printed by better-auth's `getMigrations(...).compileMigrations()`
 * and written out here so schema changes stay reviewed migrations. better-auth names columns in camelCase.
 * Plus `user_settings`, Strata's per-user settings document.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('emailVerified', 'boolean', (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updatedAt', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('twoFactorEnabled', 'boolean')
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('expiresAt', 'timestamptz', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('createdAt', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updatedAt', 'timestamptz', (col) => col.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('accountId', 'text', (col) => col.notNull())
    .addColumn('providerId', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', 'timestamptz')
    .addColumn('refreshTokenExpiresAt', 'timestamptz')
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updatedAt', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expiresAt', 'timestamptz', (col) => col.notNull())
    .addColumn('createdAt', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updatedAt', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('twoFactor')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('backupCodes', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('verified', 'boolean')
    .addColumn('failedVerificationCount', 'integer')
    .addColumn('lockedUntil', 'timestamptz')
    .execute();

  await db.schema
    .createTable('passkey')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text')
    .addColumn('publicKey', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('credentialID', 'text', (col) => col.notNull())
    .addColumn('counter', 'integer', (col) => col.notNull())
    .addColumn('deviceType', 'text', (col) => col.notNull())
    .addColumn('backedUp', 'boolean', (col) => col.notNull())
    .addColumn('transports', 'text')
    .addColumn('createdAt', 'timestamptz')
    .addColumn('aaguid', 'text')
    .execute();

  await db.schema
    .createTable('rateLimit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('lastRequest', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
  await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
  await db.schema
    .createIndex('verification_identifier_idx')
    .on('verification')
    .column('identifier')
    .execute();
  await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute();
  await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute();
  await db.schema.createIndex('passkey_userId_idx').on('passkey').column('userId').execute();
  await db.schema.createIndex('passkey_credentialID_idx').on('passkey').column('credentialID').execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('settings', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'user_settings',
    'rateLimit',
    'passkey',
    'twoFactor',
    'verification',
    'account',
    'session',
    'user',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
