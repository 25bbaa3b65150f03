import { listCurrencies } from '@strata/contracts/currencies';
import { ISO_CURRENCIES } from '@strata/core/repositories/iso-currencies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';

const currencyOptions = ISO_CURRENCIES.map((currency) => ({ ticker: currency.code, name: currency.name }));

/** GET /currencies (mounted under /api): reference data, for any signed-in user whatever their subscription. */
export const currenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before currenciesRoutes');
  routeFrom(app, listCurrencies, {
    tags: ['currencies'],
    preValidation: app.authenticate,
    handler: async () => currencyOptions,
  });
};
