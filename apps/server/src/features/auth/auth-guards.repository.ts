import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

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
  };
}

export type TAuthGuardsRepository = ReturnType<typeof createAuthGuardsRepository>;
