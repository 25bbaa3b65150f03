import { z } from 'zod';

/**
 * A Sentry-compatible DSN: `https://<public key>@<host>/<project id>` (Sentry, self-hosted Sentry, GlitchTip).
 * The SDKs read the key as word characters only and silently turn reporting off for any other; said at start here.
 */
const ZDsn = z.string().check((context) => {
  const url = URL.canParse(context.value) ? new URL(context.value) : null;
  const isDsn =
    url !== null &&
    ['http:', 'https:'].includes(url.protocol) &&
    /^\w+$/.test(url.username) &&
    /^\/(?:.*\/)?[^/]+$/.test(url.pathname);
  if (!isDsn) {
    context.issues.push({
      code: 'custom',
      message: 'must be a DSN like https://<key>@<host>/<project>',
      input: context.value,
    });
  }
});

export const ZErrorReportsEnv = z.object({
  /** The server's error reporter; unset → nothing is reported (docs/observability.md). */
  SENTRY_DSN: ZDsn.optional(),
  /** The web app's, handed to the browser at run time; unset → SENTRY_DSN (one project for both). */
  SENTRY_WEB_DSN: ZDsn.optional(),
  /** The events' environment; unset → NODE_ENV. */
  SENTRY_ENVIRONMENT: z.string().max(64, { error: 'must be at most 64 characters' }).optional(),
});
export type TErrorReportsEnv = z.infer<typeof ZErrorReportsEnv>;

/** The browser sends its events to the web DSN's host: the page's CSP must let it connect there. */
export function errorReporterOrigins(env: TErrorReportsEnv): { connect: string[] } {
  const dsn = env.SENTRY_WEB_DSN ?? env.SENTRY_DSN;
  return { connect: dsn ? [new URL(dsn).origin] : [] };
}
