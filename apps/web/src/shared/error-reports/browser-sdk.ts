// The part of @sentry/browser the reporter uses. Imported on demand through this file, not as the package's
// namespace, so the build can drop what is not named here (session replay, feedback, tracing): ≈141 KB gzip
// for the whole namespace (docs/observability.md).
export { captureException, close, flush, init, withScope } from '@sentry/browser';
