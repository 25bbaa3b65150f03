import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';

/** An ISO 4217 currency a repository or a currency asset may use (seed §3 Currency: name and ticker). */
export const ZCurrencyOption = z.object({ ticker: z.string(), name: z.string() });
export type TCurrencyOption = z.infer<typeof ZCurrencyOption>;

export const listCurrencies = defineEndpoint({
  method: 'GET',
  url: '/currencies',
  summary: 'ISO 4217 currencies with their names, sorted by code',
  response: { 200: z.array(ZCurrencyOption), 401: ZErrorBody },
});
