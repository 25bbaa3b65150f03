import { getHostedPageSession, getSubscription, listPlans, switchPlan } from '@strata/contracts/subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createSelfHostedBillingProvider } from './self-hosted-billing-provider.ts';
import { createSubscriptionService } from './subscription.service.ts';

/**
 * /subscription routes (mounted under /api). They need a signed-in user but never an active subscription:
 * they are how an inactive user gets active again.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before subscriptionRoutes');
  const service = createSubscriptionService(app.db, createSelfHostedBillingProvider);
  const actorOf = (request: { user: { id: string } | null }) => {
    if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
    return request.user;
  };
  const route = routesFrom(app, { tags: ['subscription'], preValidation: app.authenticate });

  route(getSubscription, { handler: async (request) => service.get(actorOf(request)) });
  route(listPlans, { handler: async () => service.plans() });
  route(getHostedPageSession, { handler: async (request) => service.hostedPageSession(actorOf(request)) });
  route(switchPlan, { handler: async (request) => service.switchPlan(actorOf(request), request.body) });
};
