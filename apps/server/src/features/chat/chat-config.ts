import { z } from 'zod';

export const HUBSPOT_API_URL = 'https://api.hubapi.com';

export const ZChatEnv = z.object({
  /** A HubSpot private app's access token (scope: conversations.visitor_identification.tokens.create). */
  HUBSPOT_ACCESS_TOKEN: z.string().min(1).optional(),
  HUBSPOT_BASE_URL: z.url({ error: 'must be a URL' }).default(HUBSPOT_API_URL),
  /** The chat widget's loader script, `https://js.hs-scripts.com/<hub id>.js` (HubSpot's embed code). */
  HUBSPOT_SCRIPT_URL: z.url({ error: 'must be a URL' }).optional(),
});
export type TChatEnv = z.infer<typeof ZChatEnv>;

export interface TChatConfig {
  accessToken: string;
  baseUrl: string;
  scriptUrl: string;
}

/** The chat widget is on when both the token and the script are set (config.ts refuses one without the other). */
export function chatConfigOf(env: TChatEnv): TChatConfig | null {
  if (!env.HUBSPOT_ACCESS_TOKEN || !env.HUBSPOT_SCRIPT_URL) return null;
  return {
    accessToken: env.HUBSPOT_ACCESS_TOKEN,
    baseUrl: env.HUBSPOT_BASE_URL.replace(/\/+$/, ''),
    scriptUrl: env.HUBSPOT_SCRIPT_URL,
  };
}

/**
 * What HubSpot's chat widget loads on the page besides its loader (HubSpot's published domains for the
 * Conversations widget: its scripts, the conversation frame, its API calls and images). Allowed only when the
 * chat is configured; a host HubSpot adds later shows as a CSP refusal in the browser's console.
 */
const HUBSPOT_WIDGET_ORIGINS = {
  script: [
    'https://*.hs-scripts.com',
    'https://*.usemessages.com',
    'https://*.hs-banner.com',
    'https://*.hs-analytics.net',
    'https://*.hscollectedforms.net',
    'https://*.hubspot.com',
  ],
  connect: [
    'https://*.hubspot.com',
    'https://*.hubapi.com',
    'https://*.usemessages.com',
    'https://*.hs-banner.com',
    'https://*.hscollectedforms.net',
    'https://*.hs-analytics.net',
  ],
  frame: ['https://*.hubspot.com', 'https://*.usemessages.com'],
  img: ['https://*.hubspot.com', 'https://*.usemessages.com', 'https://*.hubspotusercontent-na1.net'],
};

/** The page's CSP additions for the widget: HubSpot's hosts and the configured script's own origin. */
export function chatOrigins(env: TChatEnv): {
  script: string[];
  connect: string[];
  frame: string[];
  img: string[];
} {
  const chat = chatConfigOf(env);
  if (!chat) return { script: [], connect: [], frame: [], img: [] };
  return {
    ...HUBSPOT_WIDGET_ORIGINS,
    script: [new URL(chat.scriptUrl).origin, ...HUBSPOT_WIDGET_ORIGINS.script],
  };
}
