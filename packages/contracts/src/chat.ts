import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * The chat widget's visitor identification (seed §7 'GET /hubspot, response field token'). Not configured is
 * an answer, not an error: the installation chose to have no chat.
 */
export const ZChatToken = z.discriminatedUnion('configured', [
  z.object({
    configured: z.literal(true),
    /** HubSpot's visitor identification token for the signed-in user, handed to the widget. */
    token: z.string().min(1),
  }),
  z.object({ configured: z.literal(false) }),
]);
export type TChatToken = z.infer<typeof ZChatToken>;

export const CHAT_MESSAGES = {
  RATE_LIMITED: 'The chat service is busy; try again in a moment',
  UNAVAILABLE: 'The chat service is not available right now',
} as const;

export const getChatToken = defineEndpoint({
  method: 'GET',
  url: '/hubspot',
  summary: "A chat widget token identifying the signed-in user (HubSpot's visitor identification)",
  response: { 200: ZChatToken },
});
