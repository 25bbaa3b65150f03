// analytics.routes.ts still imports the data version from here; the routes rewrite (issue 20 item 1) moves
// that import to src/shared/data-version.ts, and then this file goes.
export { onDataChange } from '../../shared/data-version.ts';
