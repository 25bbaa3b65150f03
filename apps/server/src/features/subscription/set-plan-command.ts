import { isSubscriptionStatus, SUBSCRIPTION_STATUSES } from '@strata/core/plans/subscription-status';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { findPlan, plans } from './plans.ts';
import { createSubscriptionRepository, findUserIdByEmail } from './subscription.repository.ts';
import { getEffectiveSubscription } from './subscription-state.ts';

/** An operator mistake (unknown user, plan or status); the admin CLI prints it without a stack. */
export class SetPlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SetPlanError';
  }
}

export const SET_PLAN_HELP =
  "  set-plan --email E --plan P [--status S]      Set a user's plan (and subscription status) — self-hosted billing.";

/** `npm run admin -- set-plan --email E --plan P [--status S]`; keeps the current status when none is given. */
export async function setPlanCommand(
  db: Kysely<Database>,
  input: { email: string; plan: string; status?: string | undefined },
): Promise<string> {
  const email = input.email.toLowerCase();
  const userId = await findUserIdByEmail(db, email);
  if (!userId) throw new SetPlanError(`no user with e-mail ${email}`);
  if (!findPlan(input.plan)) {
    throw new SetPlanError(
      `unknown plan "${input.plan}"; plans: ${plans()
        .map((plan) => plan.id)
        .join(', ')}`,
    );
  }
  if (input.status !== undefined && !isSubscriptionStatus(input.status)) {
    throw new SetPlanError(`unknown status "${input.status}"; statuses: ${SUBSCRIPTION_STATUSES.join(', ')}`);
  }
  const current = await getEffectiveSubscription(db, userId);
  const status = input.status ?? current.status ?? 'active';
  await createSubscriptionRepository(db).save({
    user_id: userId,
    plan_id: input.plan,
    status,
    period_unit: current.periodUnit,
    end_date: current.endDate,
  });
  return `${email} is now on plan ${input.plan} with status ${status}.`;
}
