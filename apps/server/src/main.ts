import { serve } from './serve.ts';

// The API (and the web app) on PORT; see serve.ts. Job workers alone: worker.ts (`npm run worker`).
await serve('api');
