import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

/** SQL of the guards better-auth lacks (auth-guards.ts). */
export function createAuthGuardsRepository(db: Kysely<Database>) {
  return {
    /**
     * Records that `userId` had a code of `step` accepted; false when that step was already recorded (a
     * replay). The insert is the claim, so of two concurrent requests with one code only one wins. The
     * user's steps before `oldestLiveStep` can no longer be presented and are dropped.
     */
    async claimTotpStep(userId: string, step: number, oldestLiveStep: number): Promise<boolean> {
      await db
        .deleteFrom('totp_used_step')
        .where('user_id', '=', userId)
        .where('step', '<', oldestLiveStep)
        .execute();
      const claimed = await db
        .insertInto('totp_used_step')
        .values({ user_id: userId, step })
        .onConflict((conflict) => conflict.columns(['user_id', 'step']).doNothing())
        .returning('step')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /**
     * Counts one sign-in attempt for `email` in its current fixed window (a new window starts once the old
     * one is over) and answers the count so far and the seconds until the window ends. One statement, so
     * concurrent attempts on several instances each get their own count.
     */
    async countSignInAttempt(
      email: string,
      windowSeconds: number,
    ): Promise<{ attempts: number; retryAfterSeconds: number }> {
      const window = sql`(${windowSeconds}::integer * interval '1 second')`;
      const { rows } = await sql<{ attempts: number; retry_after: number }>`
        INSERT INTO sign_in_throttle AS t (email, window_started_at, attempts) VALUES (${email}, now(), 1)
        ON CONFLICT (email) DO UPDATE SET
          window_started_at = CASE WHEN t.window_started_at <= now() - ${window} THEN now() ELSE t.window_started_at END,
          attempts = CASE WHEN t.window_started_at <= now() - ${window} THEN 1 ELSE t.attempts + 1 END
        RETURNING attempts, ceil(extract(epoch FROM window_started_at + ${window} - now()))::integer AS retry_after
      `.execute(db);
      const row = rows[0] as { attempts: number; retry_after: number };
      return { attempts: row.attempts, retryAfterSeconds: Math.max(1, row.retry_after) };
    },

    /** A successful sign-in: the address starts afresh. Windows already over are dropped too. */
    async clearSignInAttempts(email: string, windowSeconds: number): Promise<void> {
      await db
        .deleteFrom('sign_in_throttle')
        .where((eb) =>
          eb.or([
            eb('email', '=', email),
            eb(
              'window_started_at',
              '<=',
              sql<Date>`now() - (${windowSeconds}::integer * interval '1 second')`,
            ),
          ]),
        )
        .execute();
    },
  };
}

export type TAuthGuardsRepository = ReturnType<typeof createAuthGuardsRepository>;
