import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRepositoryIdParams } from './repositories.ts';

/** The assistant's fixed texts (docs/assistant.md). */
export const ASSISTANT_MESSAGES = {
  NOT_CONFIGURED: 'The assistant is not configured',
  NOT_CONFIGURED_HINT: 'Set AI_BASE_URL and AI_MODEL on the server to turn it on',
  ROUND_LIMIT:
    'The assistant stopped after looking things up too many times without an answer. Try a narrower question.',
  MODEL_BUSY: "The assistant's model server is busy; try again in a minute",
  MODEL_UNAVAILABLE: "The assistant's model server is unavailable; try again later",
  LAST_TURN_FROM_USER: 'The conversation must end with a question from the user',
} as const;

/** One turn of the conversation as the web keeps it; tool calls stay on the server. */
export const ZAssistantTurn = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().trim().min(1).max(4000),
});
export type TAssistantTurn = z.infer<typeof ZAssistantTurn>;

export const ZAskAssistantBody = z.object({
  messages: z
    .array(ZAssistantTurn)
    .min(1)
    .max(40)
    .refine((turns) => turns.at(-1)?.role === 'user', { error: ASSISTANT_MESSAGES.LAST_TURN_FROM_USER }),
});
export type TAskAssistantBody = z.infer<typeof ZAskAssistantBody>;

/** A tool the assistant called on the way to its answer, shown under the answer ('Looked at: income'). */
export const ZAssistantToolUse = z.object({
  name: z.string(),
  /** The call failed (bad arguments, refused, unknown tool); the model was told why. */
  is_error: z.boolean(),
});
export type TAssistantToolUse = z.infer<typeof ZAssistantToolUse>;

/**
 * 'answered': the model's reply; 'not_configured': the server has no model (the reply says so);
 * 'round_limit': the model kept calling tools past the bound (the reply says so).
 */
export const ZAssistantAnswer = z.object({
  status: z.enum(['answered', 'not_configured', 'round_limit']),
  reply: z.object({ role: z.literal('assistant'), content: z.string() }),
  tools_used: z.array(ZAssistantToolUse),
});
export type TAssistantAnswer = z.infer<typeof ZAssistantAnswer>;

export const ZAssistantStatus = z.object({
  is_configured: z.boolean(),
  /** The model's name as configured; null when not configured. */
  model: z.string().nullable(),
});
export type TAssistantStatus = z.infer<typeof ZAssistantStatus>;

export const getAssistantStatus = defineEndpoint({
  method: 'GET',
  url: '/assistant',
  summary: 'Whether this server has an assistant model configured',
  response: { 200: ZAssistantStatus, 401: ZErrorBody },
});

export const askAssistant = defineEndpoint({
  method: 'POST',
  url: '/repositories/:id/assistant',
  summary: "Ask the read-only assistant about a repository; it looks things up with the caller's own access",
  params: ZRepositoryIdParams,
  body: ZAskAssistantBody,
  response: {
    200: ZAssistantAnswer,
    400: ZErrorBody,
    401: ZErrorBody,
    402: ZErrorBody,
    403: ZErrorBody,
    404: ZErrorBody,
    429: ZErrorBody,
    503: ZErrorBody,
  },
});
