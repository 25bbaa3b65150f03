// The page bench/web/grid-scroll.ts builds and drives: the app's own LinkedTransactionsGrid (toolbar, lazy
// pages of 50, Glide canvas, the real columns and the contract's parsing of each page) in the app's providers,
// writable like an editor's list. Its API calls are answered by the driver (page.route), not by a server.
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LinkedTransactionsGrid } from '../../../apps/web/src/features/linked-data/index.ts';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

function Harness() {
  const [sort, setSort] = useState([{ field: 'date', sortDirection: 'descending' as const }]);
  return (
    <LinkedTransactionsGrid
      repositoryId="00000000-0000-4000-8000-000000000001"
      view="list"
      sort={sort}
      onSortChange={(next) => setSort(next as typeof sort)}
      canWrite
      height="700px"
    />
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <Harness />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
