// The linked-data feature's public entry: what other features may use of it.
export { linkedDataRoutes } from './linked-data.routes.ts';
