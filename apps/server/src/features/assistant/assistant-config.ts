import { z } from 'zod';

/**
 * The assistant's model (README configuration table): any server speaking OpenAI's chat-completions protocol
 * with tool calls — a hosted API or a local model server (llama.cpp, Ollama, vLLM all serve `/v1`). Unset
 * AI_BASE_URL = no assistant, and the feature says so.
 */
export const ZAssistantEnv = z.object({
  /** The API's base address, up to and including its version: `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`. */
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Sent as `Authorization: Bearer …`; a local server usually needs none. */
  AI_API_KEY: z.string().min(1).optional(),
  /** The model name the server knows (`gpt-4o-mini`, `qwen2.5:7b-instruct`). */
  AI_MODEL: z.string().min(1).max(200).optional(),
});
export type TAssistantEnv = z.infer<typeof ZAssistantEnv>;

export interface TAssistantModelConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

/** The model to talk to, or null when the operator set none. */
export function assistantModelOf(env: TAssistantEnv): TAssistantModelConfig | null {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  return { baseUrl: env.AI_BASE_URL.replace(/\/+$/, ''), apiKey: env.AI_API_KEY, model: env.AI_MODEL };
}
