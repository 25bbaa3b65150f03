import {
  ASSISTANT_MESSAGES,
  type TAskAssistantBody,
  type TAssistantAnswer,
  type TAssistantStatus,
  type TAssistantToolUse,
} from '@strata/contracts/assistant';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { userToday } from '../../shared/user-today.ts';
import { ASSISTANT_TOOLS, runTool } from './assistant-tools.ts';
import {
  AssistantModelError,
  type TChatCompletionsClient,
  type TChatMessage,
  type TModelReply,
} from './chat-completions-client.ts';
import type { TReadAsCaller } from './read-as-caller.ts';

/** Model turns that may ask for tools; the next request for tools ends the conversation ('round_limit'). */
export const MAX_TOOL_ROUNDS = 5;
/** Tool calls run from one model turn; the rest are answered with an error (a model that fans out wildly). */
export const MAX_TOOL_CALLS_PER_ROUND = 8;
/** A tool answer longer than this is replaced by an error asking for less (it would fill the model's context). */
export const MAX_TOOL_RESULT_CHARS = 24_000;

interface TLogger {
  warn(object: object, message: string): void;
}

function systemPrompt(repository: { name: string; currency: string }, today: string): string {
  return [
    'You are the assistant of Strata, a portfolio and wealth-tracking application.',
    `You answer questions about the repository "${repository.name}" (reporting currency ${repository.currency}).`,
    `Today is ${today}. Periods are calendar months, quarters and years.`,
    'Look numbers up with the tools; never guess an amount. Amounts from the tools are in the reporting currency.',
    'You can only read: you cannot create, change or delete anything. If asked to, say where in Strata the user can do it.',
    'Answer briefly, in the language of the question.',
  ].join('\n');
}

const reply = (status: TAssistantAnswer['status'], content: string, toolsUsed: TAssistantToolUse[]) => ({
  status,
  reply: { role: 'assistant' as const, content },
  tools_used: toolsUsed,
});

export function createAssistantService(deps: {
  db: Kysely<Database>;
  /** null: no model configured (AI_BASE_URL and AI_MODEL unset). */
  model: TChatCompletionsClient | null;
  modelName: string | null;
  log: TLogger;
}) {
  const { db, model, modelName, log } = deps;

  async function askModel(client: TChatCompletionsClient, messages: TChatMessage[]): Promise<TModelReply> {
    try {
      return await client.complete(messages, ASSISTANT_TOOLS);
    } catch (error) {
      if (!(error instanceof AssistantModelError)) throw error;
      log.warn({ reason: error.message }, 'assistant model call failed');
      if (error.kind === 'rate_limited') throw new AppError('RATE_LIMITED', ASSISTANT_MESSAGES.MODEL_BUSY);
      throw new AppError('SERVICE_UNAVAILABLE', ASSISTANT_MESSAGES.MODEL_UNAVAILABLE);
    }
  }

  return {
    status(): TAssistantStatus {
      return { is_configured: model !== null, model: model ? modelName : null };
    },

    /**
     * The tool-call loop: the model answers, or asks for tools, whose results go back to it, until it answers
     * or has asked MAX_TOOL_ROUNDS times. Every tool reads as `user` through `read`; nothing is written.
     */
    async ask(
      user: TAccessUser | null | undefined,
      repositoryId: string,
      body: TAskAssistantBody,
      read: TReadAsCaller,
    ): Promise<TAssistantAnswer> {
      // The same check as every read of the repository, before the model hears a word of it.
      const { repository } = await requireRepositoryAccess(db, user, repositoryId, 'read');
      if (!model) return reply('not_configured', ASSISTANT_MESSAGES.NOT_CONFIGURED, []);
      const today = await userToday(db, user?.id);
      const messages: TChatMessage[] = [
        { role: 'system', content: systemPrompt(repository, today) },
        ...body.messages.map((turn) => ({ role: turn.role, content: turn.content })),
      ];
      const toolsUsed: TAssistantToolUse[] = [];
      const context = { read, repositoryId };
      for (let round = 0; ; round += 1) {
        const answer = await askModel(model, messages);
        if (answer.toolCalls.length === 0) {
          return reply('answered', answer.content?.trim() || 'The assistant gave no answer.', toolsUsed);
        }
        if (round >= MAX_TOOL_ROUNDS) return reply('round_limit', ASSISTANT_MESSAGES.ROUND_LIMIT, toolsUsed);
        messages.push({ role: 'assistant', content: answer.content, tool_calls: answer.toolCalls });
        for (const [index, call] of answer.toolCalls.entries()) {
          const outcome =
            index < MAX_TOOL_CALLS_PER_ROUND
              ? await runTool(call.function.name, call.function.arguments, context)
              : {
                  content: JSON.stringify({ error: 'Too many tool calls at once; ask again' }),
                  isError: true,
                };
          const content =
            outcome.content.length > MAX_TOOL_RESULT_CHARS
              ? JSON.stringify({
                  error: 'The answer is too long; ask for less: a shorter period, one account',
                })
              : outcome.content;
          toolsUsed.push({ name: call.function.name.slice(0, 64), is_error: outcome.isError });
          messages.push({ role: 'tool', tool_call_id: call.id, content });
        }
      }
    },
  };
}

export type TAssistantService = ReturnType<typeof createAssistantService>;
