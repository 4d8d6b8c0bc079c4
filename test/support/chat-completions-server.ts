// A local OpenAI-compatible chat-completions server over real HTTP (node:http) that plays
// a script: each POST /v1/chat/completions takes the next step. Judge and generator tests
// use it so that the model loop, retries, timeouts and costs are tested without network.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolCallSpec {
  name: string;
  arguments: unknown;
}

/** A completion: tool calls, or final text, with its finish reason and usage. */
export interface CompletionStep {
  toolCalls?: ToolCallSpec[];
  content?: string;
  finishReason?: 'stop' | 'tool_calls' | 'length';
  usage?: { prompt: number; completion: number };
}

/** One scripted answer. */
export type ScriptStep =
  | CompletionStep
  /** A raw HTTP answer, e.g. a 429 with retry-after. */
  | { status: number; headers?: Record<string, string>; body: unknown }
  /** Never answer (the client must time out). */
  | { hang: true }
  /** Send the completion's body a few bytes at a time (headers at once). */
  | { trickle: CompletionStep; chunkBytes: number; intervalMs: number }
  /** Compute the answer from the request (e.g. echo a header). */
  | { respond: (request: ReceivedRequest) => ScriptStep };

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{ role: string; content: string | null; tool_call_id?: string }>;
    tools?: Array<{ function: { name: string } }>;
    tool_choice?: string;
    [key: string]: unknown;
  };
}

export interface ScriptedChatServer {
  /** Base URL for the client, ending in `/v1`. */
  baseUrl: string;
  received: ReceivedRequest[];
  /** Steps not yet played. */
  remaining(): number;
  close(): Promise<void>;
}

let callCounter = 0;

function completion(step: CompletionStep, model: string) {
  const toolCalls = (step.toolCalls ?? []).map((call) => {
    callCounter += 1;
    return {
      id: `call_${callCounter}`,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    };
  });
  return {
    id: `chatcmpl-${callCounter}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: step.content ?? null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: step.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      },
    ],
    usage: {
      prompt_tokens: step.usage?.prompt ?? 0,
      completion_tokens: step.usage?.completion ?? 0,
      total_tokens: (step.usage?.prompt ?? 0) + (step.usage?.completion ?? 0),
    },
  };
}

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: unknown,
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** `fallback` answers every request once the script is played (a judge for a whole run). */
export async function startScriptedChatServer(
  script: ScriptStep[],
  fallback?: (request: ReceivedRequest) => ScriptStep,
): Promise<ScriptedChatServer> {
  const steps = [...script];
  const received: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        send(
          response,
          404,
          {},
          { error: { message: `no route ${request.method} ${request.url}` } },
        );
        return;
      }
      const entry: ReceivedRequest = {
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      };
      received.push(entry);
      let step = steps.shift() ?? fallback?.(entry);
      while (step && 'respond' in step) step = step.respond(entry);
      if (!step) {
        send(response, 500, {}, { error: { message: 'the script has no more steps' } });
        return;
      }
      if ('hang' in step) {
        hanging.add(response);
        return;
      }
      if ('trickle' in step) {
        hanging.add(response);
        const body = Buffer.from(JSON.stringify(completion(step.trickle, entry.body.model)));
        response.writeHead(200, { 'content-type': 'application/json' });
        let sent = 0;
        const timer = setInterval(() => {
          if (response.destroyed) return clearInterval(timer);
          response.write(body.subarray(sent, sent + step.chunkBytes));
          sent += step.chunkBytes;
          if (sent >= body.length) {
            clearInterval(timer);
            response.end();
          }
        }, step.intervalMs);
        return;
      }
      if ('status' in step) {
        send(response, step.status, step.headers ?? {}, step.body);
        return;
      }
      send(response, 200, {}, completion(step, entry.body.model));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    remaining: () => steps.length,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
