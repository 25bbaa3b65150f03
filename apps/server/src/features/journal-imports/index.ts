// The journal imports feature's public entry: what other features may use of it.
export { journalImportsRoutes } from './journal-imports.routes.ts';
