import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * The browser's error reporter (Sentry-compatible). A DSN is public by design: it only lets a client send
 * events to its project.
 */
export const ZClientErrorReporter = z.object({
  dsn: z.string().min(1),
  environment: z.string(),
  release: z.string(),
});
export type TClientErrorReporter = z.infer<typeof ZClientErrorReporter>;

/** The customer-chat widget: where its loader script comes from (the token is asked for per user). */
export const ZClientChat = z.object({ scriptUrl: z.string().min(1) });
export type TClientChat = z.infer<typeof ZClientChat>;

/**
 * What the web app needs from the server's configuration at run time rather than at build time, so one build
 * serves every installation. null means 'not configured here'.
 */
export const ZClientConfig = z.object({
  errorReporter: ZClientErrorReporter.nullable(),
  chat: ZClientChat.nullable(),
});
export type TClientConfig = z.infer<typeof ZClientConfig>;

export const getClientConfig = defineEndpoint({
  method: 'GET',
  url: '/client-config',
  summary: "The web app's run-time settings: error reporter and chat widget (public)",
  response: { 200: ZClientConfig },
});
