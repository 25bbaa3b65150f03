import type { ColumnType, Generated } from 'kysely';
import type { JsonColumn } from './schema-columns.ts';

/** Column types of the identity tables (migration 2026-11-22-0002); better-auth owns their writes. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  twoFactorEnabled: boolean | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Date;
  token: string;
  createdAt: Timestamp;
  updatedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Date;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: boolean | null;
  failedVerificationCount: number | null;
  lockedUntil: Date | null;
}

export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  createdAt: Date | null;
  aaguid: string | null;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number;
}

export interface UserSettingsTable {
  user_id: string;
  /** The whole user-settings document (contract `ZUserSettings`). */
  settings: JsonColumn<Record<string, unknown>>;
  updated_at: Generated<Date>;
}

/** TOTP time steps a user has had a code accepted for (migration 2026-11-25-0013); replays are refused. */
export interface TotpUsedStepTable {
  user_id: string;
  /** floor(unix seconds / period) of the accepted code. */
  step: ColumnType<number, number, never>;
  used_at: Generated<Date>;
}

/** Password sign-in attempts per e-mail address in its current window (migration 2026-11-25-0014). */
export interface SignInThrottleTable {
  email: string;
  window_started_at: Date;
  attempts: number;
}

export interface IdentityDatabase {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
  passkey: PasskeyTable;
  rateLimit: RateLimitTable;
  user_settings: UserSettingsTable;
  totp_used_step: TotpUsedStepTable;
  sign_in_throttle: SignInThrottleTable;
}
