import type { TPlanDefinition, TSubscription, TSwitchPlanBody } from '@strata/contracts/subscription';
import { repositoriesToDeactivate } from '@strata/core/plans/plan-limits';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import type { TBillingProvider } from './billing-provider.ts';
import { findPlan, plans } from './plans.ts';
import { createSubscriptionRepository } from './subscription.repository.ts';

export interface TSubscriptionActor {
  id: string;
}

/** The provider works on the database it is given, so a plan switch and its deactivations commit together. */
export type TBillingProviderFactory = (db: Kysely<Database>) => TBillingProvider;

export function createSubscriptionService(db: Kysely<Database>, providerFor: TBillingProviderFactory) {
  return {
    get(actor: TSubscriptionActor): Promise<TSubscription> {
      return providerFor(db).getSubscription(actor.id);
    },

    plans(): TPlanDefinition[] {
      return plans();
    },

    hostedPageSession(actor: TSubscriptionActor) {
      return providerFor(db).hostedPageSession(actor.id);
    },

    /**
     * A plan that allows fewer repositories than the caller has active needs them to name the surplus in
     * `deactivated_repositories`; those become read-only (data kept, owner may export or delete them).
     */
    async switchPlan(actor: TSubscriptionActor, body: TSwitchPlanBody): Promise<TSubscription> {
      const plan = findPlan(body.plan_id);
      if (!plan) {
        throw new AppError('VALIDATION_FAILED', `plan_id: Unknown plan ${body.plan_id}`, {
          details: { fieldErrors: { plan_id: [`Unknown plan ${body.plan_id}`] } },
        });
      }
      return db.transaction().execute(async (trx) => {
        const repository = createSubscriptionRepository(trx);
        const activeCount = await repository.countActiveOwnedRepositories(actor.id);
        const needed = repositoriesToDeactivate(activeCount, plan.max_repos_number);
        const deactivated = await repository.deactivateOwnedRepositories(actor.id, [
          ...new Set(body.deactivated_repositories),
        ]);
        if (activeCount - deactivated > plan.max_repos_number) {
          throw new AppError(
            'BAD_REQUEST',
            `The ${plan.name} plan allows ${plan.max_repos_number} repositories: choose ${needed} of yours to deactivate`,
            {
              details: { max_repos_number: plan.max_repos_number, active_repositories: activeCount, needed },
            },
          );
        }
        return providerFor(trx).switchPlan(actor.id, { planId: plan.id, periodUnit: body.period_unit });
      });
    },
  };
}
