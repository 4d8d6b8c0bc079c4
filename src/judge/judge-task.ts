import type { ErrorKind, ModelUsage } from '../contract/record.js';
import type { PublicTask } from '../contract/verifier.js';
import type { JudgeConfig } from '../schema/model-config.js';
import type { ApiClient } from '../services/client.js';
import { apiTools } from './api-tools.js';
import { runChatLoop } from './chat-loop.js';
import { parseFinalAnswer } from './final-answer.js';
import { judgePrompt } from './judge-prompt.js';
import { createModelClient, describeModelError } from './model-client.js';
import { type ModelEndpoint, redactKey, resolveModelEndpoint } from './model-endpoint.js';
import { UsageMeter } from './model-usage.js';

/** How one judged evaluation ended, in the shape a sandbox session turns into a record. */
export type JudgeOutcome = (
  | { type: 'returned'; value: unknown }
  | { type: 'failed'; kind: ErrorKind; message: string }
) & { usage: ModelUsage };

export interface JudgeTaskInput {
  config: JudgeConfig;
  task: PublicTask;
  before: ApiClient;
  after: ApiClient;
  /** The evaluation's operation budget, stated in the prompt (the clients enforce it). */
  operations: number;
  /** Aborted when the evaluation's time is up. */
  signal: AbortSignal;
  /** Charges one operation of the evaluation's budget for a tool call that reaches no API. */
  charge: () => boolean;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
}

/** Strings of a returned value with the key removed (a provider may echo what it was sent). */
function redactValue(value: unknown, endpoint: ModelEndpoint): unknown {
  return JSON.parse(
    redactKey(JSON.stringify(value), { apiKey: JSON.stringify(endpoint.apiKey).slice(1, -1) }),
  );
}

/**
 * Judge one (before, after) pair with a model: the public task in the prompt, the
 * read-only API as tools, at most `config.rounds` model calls. Never throws: a provider
 * failure, a malformed answer or a token-limit stop is an outcome of a named kind.
 */
export async function judgeTask(input: JudgeTaskInput): Promise<JudgeOutcome> {
  const { config } = input;
  let endpoint: ModelEndpoint;
  try {
    endpoint = resolveModelEndpoint(config, input.env);
  } catch (error) {
    // Not the judge's fault: the run is set up without a model; fails the case in every mode.
    const usage = {
      rounds: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      model: config.model ?? '',
    };
    return { type: 'failed', kind: 'crash', message: (error as Error).message, usage };
  }
  const meter = new UsageMeter(endpoint.model, config.price);
  const failed = (kind: ErrorKind, message: string): JudgeOutcome => ({
    type: 'failed',
    kind,
    message: redactKey(message, endpoint),
    usage: meter.toUsage(),
  });
  try {
    const ending = await runChatLoop({
      client: createModelClient(endpoint, config),
      model: endpoint.model,
      settings: config,
      messages: judgePrompt(
        input.task,
        { rounds: config.rounds, operations: input.operations },
        config.answer,
      ),
      tools: apiTools(
        { before: input.before, after: input.after },
        { haltOnBudget: true, charge: input.charge },
      ),
      rounds: config.rounds,
      meter,
      signal: input.signal,
      charge: input.charge,
    });
    switch (ending.type) {
      case 'halted':
        // The session sees the exhausted budget and records `budget` itself.
        return failed('budget', ending.reason);
      case 'length':
        return failed(
          'malformed',
          'the model stopped at its token limit (finish_reason "length") before a final answer',
        );
      case 'rounds':
        return failed('budget', `round limit: ${ending.rounds} model calls without a final answer`);
      case 'answer': {
        const parsed = parseFinalAnswer(ending.text, config.answer);
        if (!parsed.ok) return failed('malformed', parsed.message);
        return {
          type: 'returned',
          value: redactValue(parsed.value, endpoint),
          usage: meter.toUsage(),
        };
      }
    }
  } catch (error) {
    const described = describeModelError(
      error,
      endpoint,
      input.timeoutMs,
      config,
      input.signal.aborted,
    );
    return failed(described.kind, described.message);
  }
}
