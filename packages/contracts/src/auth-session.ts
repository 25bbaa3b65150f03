import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** better-auth's session answer; extra fields pass through. Null when nobody is signed in. */
export const ZSession = z
  .object({
    session: z.looseObject({ id: z.string(), userId: z.string(), expiresAt: z.coerce.date() }),
    user: z.looseObject({ id: z.string(), email: z.string(), name: z.string().nullish() }),
  })
  .nullable();
export type TSession = NonNullable<z.infer<typeof ZSession>>;

/**
 * Served by better-auth's own handler (mounted under `/api/auth/*`), not registered from this object: it is
 * here so the web calls it, and reads its answer, from a contract like every other endpoint.
 */
export const getSession = defineEndpoint({
  method: 'GET',
  url: '/auth/get-session',
  summary: 'The signed-in session and user, or null (better-auth)',
  response: { 200: ZSession },
});
