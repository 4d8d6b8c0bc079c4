import type { ApiClient } from '../services/client.js';
import { BudgetExhaustedError } from '../services/client.js';
import { BUDGET_GONE, type ChatTool, type ToolReply } from './chat-loop.js';

/** Largest tool result handed back to the model, characters; longer ones are cut with a note. */
export const MAX_TOOL_RESULT_CHARS = 24_000;

export type Snapshot = 'before' | 'after';

function clip(text: string): string {
  return text.length <= MAX_TOOL_RESULT_CHARS
    ? text
    : `${text.slice(0, MAX_TOOL_RESULT_CHARS)}\n[cut: ${text.length - MAX_TOOL_RESULT_CHARS} more characters; ask for less, e.g. with a filter or a smaller page]`;
}

const objectSchema = { type: 'object', additionalProperties: true } as const;

interface Call {
  snapshot?: unknown;
  method?: unknown;
  path?: unknown;
  query?: unknown;
  body?: unknown;
  variables?: unknown;
}

const asRecord = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, never>)
    : undefined;

/**
 * The four client methods every verifier gets (request/get/post/graphql), as model tools
 * over the given snapshots. Every call goes through the same clients, hence the same
 * budgeted read-only gateway, as a sandboxed program's calls.
 */
export function apiTools(
  clients: Partial<Record<Snapshot, ApiClient>>,
  options: {
    haltOnBudget: boolean;
    /** Charges a call that names no snapshot (it never reaches a client); see ChatLoopInput. */
    charge: () => boolean;
  },
): ChatTool[] {
  const snapshots = Object.keys(clients) as Snapshot[];
  const snapshot = {
    type: 'string',
    enum: snapshots,
    description:
      snapshots.length > 1
        ? 'which saved state to read: before (initial) or after (when the agent finished)'
        : `the saved state to read (${snapshots[0]})`,
  };
  const run =
    (call: (client: ApiClient, args: Call) => Promise<unknown>) =>
    async (raw: unknown): Promise<ToolReply> => {
      const args = (asRecord(raw) ?? {}) as Call;
      const client = snapshots.includes(args.snapshot as Snapshot)
        ? clients[args.snapshot as Snapshot]
        : undefined;
      if (!client) {
        if (!options.charge()) return { content: BUDGET_GONE, halt: options.haltOnBudget };
        return { content: `error: "snapshot" must be one of ${snapshots.join(', ')}` };
      }
      try {
        return { content: clip(JSON.stringify(await call(client, args)) ?? 'null') };
      } catch (error) {
        // A judge out of budget is an Error record; a generator may still write its program.
        if (error instanceof BudgetExhaustedError)
          return { content: error.message, halt: options.haltOnBudget };
        return { content: `error: ${error instanceof Error ? error.message : String(error)}` };
      }
    };
  const tool = (
    name: string,
    description: string,
    properties: Record<string, unknown>,
    required: string[],
    call: (client: ApiClient, args: Call) => Promise<unknown>,
  ): ChatTool => ({
    definition: {
      type: 'function',
      function: {
        name,
        description,
        parameters: {
          type: 'object',
          properties: { snapshot, ...properties },
          required: ['snapshot', ...required],
          additionalProperties: false,
        },
      },
    },
    run: run(call),
  });
  const path = { type: 'string', description: 'path relative to the API base, as in the docs' };
  return [
    tool(
      'request',
      'Any HTTP method and path; returns {status, headers, body}. Writes are refused.',
      { method: { type: 'string' }, path, query: objectSchema, body: {} },
      ['method', 'path'],
      (client, args) =>
        client.request(String(args.method), String(args.path ?? ''), {
          ...(asRecord(args.query) ? { query: asRecord(args.query) } : {}),
          ...(args.body !== undefined ? { body: args.body } : {}),
        }),
    ),
    tool(
      'get',
      'GET a path with optional query parameters; returns the response body.',
      { path, query: objectSchema },
      ['path'],
      (client, args) => client.get(String(args.path ?? ''), asRecord(args.query)),
    ),
    tool(
      'post',
      'POST a JSON body to a read method of the API (e.g. a search); returns the body.',
      { path, body: {} },
      ['path'],
      (client, args) => client.post(String(args.path ?? ''), args.body),
    ),
    tool(
      'graphql',
      'Run a GraphQL query (services with a GraphQL API); returns {data, errors}.',
      { query: { type: 'string' }, variables: objectSchema },
      ['query'],
      (client, args) =>
        client.graphql(
          String((args as { query?: unknown }).query ?? ''),
          asRecord(args.variables) as Record<string, unknown> | undefined,
        ),
    ),
  ];
}
