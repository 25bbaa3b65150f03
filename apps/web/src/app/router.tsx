import { createBrowserRouter } from 'react-router';
import { queryClient } from './query-client.ts';
import { createRoutes } from './routes.tsx';

export const router = createBrowserRouter(createRoutes(queryClient));
