import { z } from 'zod';
import type { TAssistantModelConfig } from './assistant-config.ts';

// OpenAI's Chat Completions API (POST {base}/chat/completions, API reference as of 2025, "function" tools),
// the protocol local servers (llama.cpp, Ollama, vLLM, LM Studio) copy. Only the fields Strata uses are read.

export interface TChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type TChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: TChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface TChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const ZToolCall = z.object({
  id: z.string(),
  // Some servers leave `type` out; a function call is the only kind there is.
  type: z.literal('function').default('function'),
  function: z.object({ name: z.string(), arguments: z.string().default('') }),
});

const ZCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z.array(ZToolCall).nullish(),
        }),
      }),
    )
    .min(1),
});

export type TModelErrorKind = 'rate_limited' | 'unavailable';

/** The model server could not give an answer: busy (429) or down, refusing the key, or speaking nonsense. */
export class AssistantModelError extends Error {
  readonly kind: TModelErrorKind;

  constructor(kind: TModelErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AssistantModelError';
    this.kind = kind;
  }
}

export interface TModelReply {
  content: string | null;
  toolCalls: TChatToolCall[];
}

export interface TChatCompletionsClient {
  complete(messages: TChatMessage[], tools: TChatTool[]): Promise<TModelReply>;
}

/** One request per call, no retry: a person is waiting, and a 429 is answered at once as 'busy'. */
export function createChatCompletionsClient(
  config: TAssistantModelConfig,
  options: { timeoutMs?: number } = {},
): TChatCompletionsClient {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    async complete(messages, tools) {
      let response: Response;
      try {
        response = await fetch(`${config.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: config.model, messages, tools, tool_choice: 'auto' }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new AssistantModelError('unavailable', 'the model server could not be reached', {
          cause: error,
        });
      }
      const text = await response.text();
      if (response.status === 429)
        throw new AssistantModelError('rate_limited', 'the model server answered 429');
      if (!response.ok) {
        // The body may echo the request; only the status is kept (the key never leaves this function).
        throw new AssistantModelError('unavailable', `the model server answered ${response.status}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new AssistantModelError('unavailable', 'the model server sent an answer that is not JSON', {
          cause: error,
        });
      }
      const parsed = ZCompletion.safeParse(json);
      if (!parsed.success) {
        throw new AssistantModelError('unavailable', 'the model server sent an answer without a message');
      }
      // min(1) above: the first choice is there.
      const { message } = parsed.data.choices[0] as (typeof parsed.data.choices)[number];
      return { content: message.content ?? null, toolCalls: message.tool_calls ?? [] };
    },
  };
}
