import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A chat-completions server on 127.0.0.1 for the tests and the e2e run: it speaks the protocol as OpenAI's API
// reference describes it (POST /v1/chat/completions; `tools` in, `choices[0].message` with `content` or
// `tool_calls` out; role 'tool' messages carrying `tool_call_id` back), with answers the test scripts.

export interface TChatRequest {
  model: string;
  messages: Array<{
    role: string;
    content: string | null;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  }>;
  tools?: Array<{ type: string; function: { name: string; parameters: Record<string, unknown> } }>;
}

export interface TModelAnswer {
  status?: number;
  /** A raw body (for a broken answer); otherwise `message` is wrapped in a completion. */
  raw?: string;
  message?: { content?: string | null; tool_calls?: Array<{ id: string; name: string; arguments: string }> };
}

export type TModelScript = (request: TChatRequest, turn: number) => TModelAnswer | Promise<TModelAnswer>;

export interface TLoopbackModel {
  /** Ends in /v1, as AI_BASE_URL would. */
  baseUrl: string;
  /** Every request body received, in order. */
  requests: TChatRequest[];
  /** The Authorization header of each request. */
  authorizations: Array<string | undefined>;
  /** Replaces the script (one server serves several tests). */
  setScript(script: TModelScript): void;
  close(): Promise<void>;
}

export const say = (content: string): TModelAnswer => ({ message: { content } });
export const callTools = (...calls: Array<{ name: string; arguments: string }>): TModelAnswer => ({
  message: {
    content: null,
    tool_calls: calls.map((call, index) => ({ id: `call_${index + 1}`, ...call })),
  },
});

/** The tool results of the latest request, by tool_call_id, parsed from their JSON. */
export function toolResultsOf(request: TChatRequest | undefined): unknown[] {
  return (request?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.parse(message.content ?? 'null'));
}

function completion(message: NonNullable<TModelAnswer['message']>): string {
  const toolCalls = message.tool_calls?.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
  return JSON.stringify({
    id: 'chatcmpl-loopback',
    object: 'chat.completion',
    created: 1_764_201_600,
    model: 'loopback',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: message.content ?? null,
          ...(toolCalls ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
}

export async function startLoopbackModel(
  initial: TModelScript = () => say('Hello'),
): Promise<TLoopbackModel> {
  let script = initial;
  const requests: TChatRequest[] = [];
  const authorizations: Array<string | undefined> = [];
  let turn = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TChatRequest;
      requests.push(body);
      authorizations.push(request.headers.authorization);
      Promise.resolve(script(body, turn++)).then(
        (answer) => {
          response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
          response.end(answer.raw ?? completion(answer.message ?? { content: '' }));
        },
        (error: unknown) => {
          response.writeHead(500);
          response.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    setScript(next) {
      script = next;
      turn = 0;
      requests.length = 0;
      authorizations.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
