import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { TOidcProviderConfig } from './auth-config.ts';
import { authProvidersRoutes } from './auth-providers.routes.ts';

let app: FastifyInstance | undefined;

async function appWith(
  oidc: TOidcProviderConfig | null,
  isOidcAvailable?: () => boolean,
): Promise<FastifyInstance> {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(authProvidersRoutes, { prefix: '/api', oidc, isOidcAvailable });
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('GET /api/auth-providers', () => {
  it('offers e-mail/password and passkeys, and no OIDC button when OIDC is not configured', async () => {
    const response = await (await appWith(null)).inject({ method: 'GET', url: '/api/auth-providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emailPassword: true, passkey: true, oidc: null });
  });

  it('names the configured OIDC provider without revealing its issuer or client credentials', async () => {
    const oidc = {
      issuer: 'https://id.example.com',
      clientId: 'strata-client',
      clientSecret: 'very-secret-value',
      name: 'Example ID',
    };
    const response = await (await appWith(oidc)).inject({ method: 'GET', url: '/api/auth-providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      emailPassword: true,
      passkey: true,
      oidc: { id: 'oidc', name: 'Example ID' },
    });
    expect(response.body).not.toContain('very-secret-value');
    expect(response.body).not.toContain('strata-client');
    expect(response.body).not.toContain('id.example.com');
  });

  it('leaves out a configured provider until it loaded, and offers it from then on', async () => {
    const oidc = { issuer: 'https://id.example.com', clientId: 'c', clientSecret: 's', name: 'Example ID' };
    let isLoaded = false;
    const server = await appWith(oidc, () => isLoaded);
    const ask = async () => (await server.inject({ method: 'GET', url: '/api/auth-providers' })).json().oidc;
    expect(await ask()).toBeNull();
    isLoaded = true;
    expect(await ask()).toEqual({ id: 'oidc', name: 'Example ID' });
  });
});
