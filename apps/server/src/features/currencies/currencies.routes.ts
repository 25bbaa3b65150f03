import { listCurrencies } from '@strata/contracts/currencies';
import { ISO_CURRENCIES } from '@strata/core/repositories/iso-currencies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const currencyOptions = ISO_CURRENCIES.map((currency) => ({ ticker: currency.code, name: currency.name }));

/** GET /currencies (mounted under /api): reference data, for any signed-in user whatever their subscription. */
export const currenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before currenciesRoutes');
  app.route({
    method: listCurrencies.method,
    url: listCurrencies.url,
    preValidation: app.authenticate,
    schema: { summary: listCurrencies.summary, tags: ['currencies'], response: listCurrencies.response },
    handler: async () => currencyOptions,
  });
};
