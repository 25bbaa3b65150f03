import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TTestOidcAccount {
  accountId: string;
  email: string;
  name: string;
}

export interface TTestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with one client. Its interaction step is ours: it
 * logs `account` in and grants the requested scopes without a page, the way a user clicking through would.
 */
export async function startTestOidcProvider(options: {
  redirectUri: string;
  account: TTestOidcAccount;
  /** A fixed port (a provider that comes up where the app already looks); a free one by default. */
  port?: number;
}): Promise<TTestOidcProvider> {
  const clientId = 'strata-test';
  const clientSecret = 'strata-test-secret-strata-test-secret';
  // Created once the port is known; requests only arrive after that.
  let provider: Provider | undefined;

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      finishInteraction(provider as Provider, options.account, request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    (provider as Provider).callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: options.account.email,
        email_verified: true,
        name: options.account.name,
      }),
    }),
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    // Tests run on plain http; oidc-provider only needs a stable key to sign its cookies.
    cookies: { keys: ['test-cookie-key'] },
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

async function finishInteraction(
  provider: Provider,
  account: TTestOidcAccount,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.accountId } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({
        accountId: details.session?.accountId ?? account.accountId,
        clientId: String(details.params.client_id),
      });
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(
    request,
    response,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}
