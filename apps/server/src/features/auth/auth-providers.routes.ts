import { getAuthProviders, type TAuthProviders } from '@strata/contracts/auth-providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import { OIDC_PROVIDER_ID, type TOidcProviderConfig } from './auth-config.ts';

export interface TAuthProvidersRoutesOptions {
  /** From `oidcProviderConfig(config)`: null when OIDC is not configured. */
  oidc: TOidcProviderConfig | null;
  /** Whether the configured provider loaded (its discovery succeeded); without it, it is offered as configured. */
  isOidcAvailable?: () => boolean;
}

export function authProvidersOf(oidc: TOidcProviderConfig | null): TAuthProviders {
  return {
    emailPassword: true,
    passkey: true,
    // Only the label leaves the server: issuer, client id and secret stay private.
    oidc: oidc ? { id: OIDC_PROVIDER_ID, name: oidc.name } : null,
  };
}

/** GET /auth-providers (mounted under /api): public, so the sign-in screen knows which buttons to show. */
export const authProvidersRoutes: FastifyPluginAsyncZod<TAuthProvidersRoutesOptions> = async (
  app,
  options,
) => {
  // Asked per request: a provider whose discovery failed at start is offered once a retry loads it.
  const isOidcAvailable = options.isOidcAvailable ?? (() => true);
  routeFrom(app, getAuthProviders, {
    tags: ['auth'],
    handler: async () => authProvidersOf(isOidcAvailable() ? options.oidc : null),
  });
};
