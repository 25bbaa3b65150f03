import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** The one OpenID Connect provider of this installation (configured by OIDC_* variables). */
export const ZOidcProvider = z.object({
  /** better-auth's provider id, passed to `POST /api/auth/sign-in/social`. */
  id: z.literal('oidc'),
  /** The button label: 'Sign in with {name}'. */
  name: z.string().min(1),
});
export type TOidcProvider = z.infer<typeof ZOidcProvider>;

/** Which sign-in methods the sign-in screen offers. */
export const ZAuthProviders = z.object({
  emailPassword: z.literal(true),
  passkey: z.literal(true),
  oidc: ZOidcProvider.nullable(),
});
export type TAuthProviders = z.infer<typeof ZAuthProviders>;

export const getAuthProviders = defineEndpoint({
  method: 'GET',
  url: '/auth-providers',
  summary: 'Sign-in methods offered by this installation (public)',
  response: { 200: ZAuthProviders },
});
