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
