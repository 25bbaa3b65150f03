import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const ZHealthResponse = z.object({ status: z.literal('ok') });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const getHealth = defineEndpoint({
  method: 'GET',
  url: '/health',
  summary: 'Liveness and database reachability',
  response: { 200: ZHealthResponse },
});
