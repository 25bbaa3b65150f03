import type { TRepository } from '@strata/contracts/repositories';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { plansQueryOptions, subscriptionQueryOptions } from '../subscription/index.ts';
import { planLimitPrompt, type TPlanLimitPrompt } from './plan-limit.ts';

/**
 * Asks, when the user wants a new repository, whether the plan still allows one (seed §6). Loaded on
 * demand; when the plan cannot be read the form opens and the server's own check answers.
 */
export function usePlanLimitCheck(): (
  repositories: readonly TRepository[],
) => Promise<TPlanLimitPrompt | null> {
  const queryClient = useQueryClient();
  return useCallback(
    async (repositories) => {
      try {
        const [subscription, plans] = await Promise.all([
          queryClient.fetchQuery(subscriptionQueryOptions()),
          queryClient.fetchQuery(plansQueryOptions()),
        ]);
        return planLimitPrompt(repositories, subscription.plan.plan_schema, plans);
      } catch {
        return null;
      }
    },
    [queryClient],
  );
}
