import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { SESSION_QUERY_KEY } from './features/auth/api/get-session.ts';
import { configureApiClient } from './shared/api/api-client.ts';

// An unrecoverable 401 or a lost connection ends the session; the guard then sends the user to sign-in.
// The identity feature replaces this with the full sign-out (blockers, storage, caches).
configureApiClient({
  onSignOut: () => {
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    void router.navigate('/login');
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
