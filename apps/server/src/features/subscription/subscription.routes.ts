import { getHostedPageSession, getSubscription, listPlans, switchPlan } from '@strata/contracts/subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
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
  const tags = ['subscription'];

  app.route({
    method: getSubscription.method,
    url: getSubscription.url,
    preValidation: app.authenticate,
    schema: { summary: getSubscription.summary, tags, response: getSubscription.response },
    handler: async (request) => service.get(actorOf(request)),
  });

  app.route({
    method: listPlans.method,
    url: listPlans.url,
    preValidation: app.authenticate,
    schema: { summary: listPlans.summary, tags, response: listPlans.response },
    handler: async () => service.plans(),
  });

  app.route({
    method: getHostedPageSession.method,
    url: getHostedPageSession.url,
    preValidation: app.authenticate,
    schema: { summary: getHostedPageSession.summary, tags, response: getHostedPageSession.response },
    handler: async (request) => service.hostedPageSession(actorOf(request)),
  });

  app.route({
    method: switchPlan.method,
    url: switchPlan.url,
    preValidation: app.authenticate,
    schema: { summary: switchPlan.summary, tags, body: switchPlan.body, response: switchPlan.response },
    handler: async (request) => service.switchPlan(actorOf(request), request.body),
  });
};
