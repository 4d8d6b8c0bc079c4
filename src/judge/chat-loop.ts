import type OpenAI from 'openai';
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ModelSettings } from '../schema/model-config.js';
import { ProviderAnswerError, type UsageMeter } from './model-usage.js';

/** What a tool call answers the model; `halt` ends the conversation (the budget is gone). */
export interface ToolReply {
  content: string;
  halt?: boolean;
}

/** A function the model may call: its schema for the model, and what runs on the host. */
export interface ChatTool {
  definition: ChatCompletionTool;
  run(args: unknown): Promise<ToolReply>;
}

/** How a conversation ended. `answer` carries the final assistant text. */
export type ChatEnding =
  | { type: 'answer'; text: string }
  | { type: 'halted'; reason: string }
  | { type: 'length' }
  | { type: 'rounds'; rounds: number };

export interface ChatLoopInput {
  client: OpenAI;
  model: string;
  settings: ModelSettings;
  messages: ChatCompletionMessageParam[];
  tools: readonly ChatTool[];
  /** Most model calls; the last one is told not to call tools. */
  rounds: number;
  meter: UsageMeter;
  /** Aborted at the deadline; checked again after every model answer and tool round. */
  signal: AbortSignal;
  /**
   * Charge one business operation for a tool call that never reaches the API (no such tool,
   * arguments that are not JSON), so a model cannot make free calls; false once the budget is gone.
   */
  charge: () => boolean;
}

/** Said when a call could not be charged; the session records the exhausted budget. */
export const BUDGET_GONE = 'operation budget exhausted: a further tool call was refused';

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text === '' ? '{}' : text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Call the model until it answers without tool calls, at most `rounds` times. Tool calls
 * run one after another in the order the model gave them, so budget charges are
 * deterministic. Provider errors are thrown (the caller turns them into a record).
 */
export async function runChatLoop(input: ChatLoopInput): Promise<ChatEnding> {
  const { client, settings, tools, meter, signal } = input;
  const messages = [...input.messages];
  const byName = new Map(
    tools.map((tool) => [
      tool.definition.type === 'function' ? tool.definition.function.name : '',
      tool,
    ]),
  );
  for (let round = 1; round <= input.rounds; round += 1) {
    const last = round === input.rounds;
    const completion = await client.chat.completions.create(
      {
        model: input.model,
        messages,
        ...(tools.length > 0
          ? { tools: tools.map((tool) => tool.definition), tool_choice: last ? 'none' : 'auto' }
          : {}),
        ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
        ...(settings.maxTokens !== undefined ? { max_tokens: settings.maxTokens } : {}),
      },
      { signal },
    );
    // A server that is not quite compatible may answer 200 with something else: say so.
    // The answer may have arrived just as the time ran out: it is not read after the deadline.
    signal.throwIfAborted();
    const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
    if (choice?.message === undefined)
      throw new ProviderAnswerError('the model provider answered with no chat completion choice');
    meter.add(completion.usage, completion.model);
    if (choice.finish_reason === 'length') return { type: 'length' };
    const calls = (choice.message.tool_calls ?? []).filter((call) => call.type === 'function');
    if (calls.length === 0) return { type: 'answer', text: choice.message.content ?? '' };
    messages.push({
      role: 'assistant',
      content: choice.message.content ?? null,
      tool_calls: calls,
    });
    for (const call of calls) {
      const tool = byName.get(call.function.name);
      const parsed = parseArguments(call.function.arguments);
      if ((!tool || !parsed.ok) && !input.charge()) return { type: 'halted', reason: BUDGET_GONE };
      const reply: ToolReply = !tool
        ? { content: `error: no tool named ${JSON.stringify(call.function.name.slice(0, 80))}` }
        : !parsed.ok
          ? { content: 'error: the tool arguments are not valid JSON' }
          : await tool.run(parsed.value);
      if (reply.halt) return { type: 'halted', reason: reply.content };
      messages.push({ role: 'tool', tool_call_id: call.id, content: reply.content });
    }
    signal.throwIfAborted();
  }
  return { type: 'rounds', rounds: input.rounds };
}
