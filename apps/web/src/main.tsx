import '@mantine/core/styles.css';
// First: the browser's install offer can fire before anything is drawn.
import './shared/pwa/install-prompt.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { registerPwaAfterLoad } from './app/pwa/register-pwa.ts';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { startRuntimeServicesAfterLoad } from './app/runtime-services.ts';
import { SESSION_QUERY_KEY } from './features/auth/api/get-session.ts';
import { configureSignOut, forcedSignOutFor, signOut } from './features/session/sign-out.ts';
import { configureApiClient } from './shared/api/api-client.ts';
import { webErrorReporter } from './shared/error-reports/web-error-reporter.ts';

configureSignOut({
  queryClient,
  sessionQueryKey: SESSION_QUERY_KEY,
  navigate: (to) => void router.navigate(to, { replace: true }),
  serverSignOut: async () => {
    // Loaded on demand: better-auth's client (WebAuthn included) stays out of the first page load.
    const { authCall, authClient } = await import('./features/auth/auth-client.ts');
    await authCall(authClient.signOut());
  },
});

// An unrecoverable 401 or a lost connection ends the session: the full sign-out, which cannot be vetoed. A
// session the server ended is said so on the sign-in page.
// A call the server failed (5xx) goes to the error reporter with its payload (seed §8), under the correlation id
// the server's own report carries.
configureApiClient({
  onSignOut: (reason) => void signOut(forcedSignOutFor(reason)),
  logError: (entry) => {
    console.error('API call failed', entry);
    webErrorReporter.reportFailedCall(entry);
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

registerPwaAfterLoad();
startRuntimeServicesAfterLoad(queryClient);
