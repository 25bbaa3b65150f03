import { serve } from './serve.ts';

// A job worker (`npm run worker`): imports, syncs and analytics computes, with only health and metrics
// served on WORKER_PORT. See serve.ts and docs/deploy.md.
await serve('worker');
