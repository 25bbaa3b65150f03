import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TFakePlaidLink {
  /** The address the app is given as PLAID_LINK_SCRIPT_URL. */
  scriptUrl: string;
  close(): Promise<void>;
}

/**
 * A stand-in for Plaid Link's script (Chromium here cannot reach Plaid's CDN). It defines `window.Plaid` as the
 * documented web API does (https://plaid.com/docs/link/web/: `Plaid.create({ token, onSuccess, onExit })`
 * answering a handler with `open`), and its `open` plays a user who picked the institution and signed in: it
 * answers `onSuccess` with a public token the loopback Plaid server accepts. The token is asked for at each
 * load of the script, so every page load links a fresh item.
 */
export async function startFakePlaidLink(options: {
  nextPublicToken: () => string;
  institution: { name: string; institution_id: string };
}): Promise<TFakePlaidLink> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || !request.url?.startsWith('/link-initialize.js')) {
      response.writeHead(404).end();
      return;
    }
    const publicToken = options.nextPublicToken();
    const script = `(() => {
  const publicToken = ${JSON.stringify(publicToken)};
  const institution = ${JSON.stringify(options.institution)};
  window.Plaid = {
    create(config) {
      if (typeof config.token !== 'string' || !config.token.startsWith('link-')) throw new Error('no link token');
      window.__plaidLinkTokens = [...(window.__plaidLinkTokens || []), config.token];
      return {
        open() {
          setTimeout(() => config.onSuccess(publicToken, { institution, accounts: [] }), 50);
        },
        exit() {},
        destroy() {},
      };
    },
  };
})();
`;
    response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
    response.end(script);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    scriptUrl: `http://127.0.0.1:${port}/link-initialize.js`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
