import { AgentProofBenchError, isAgentProofBenchError } from '../contract/error.js';
import { apiTools } from '../judge/api-tools.js';
import { type ChatTool, runChatLoop } from '../judge/chat-loop.js';
import { createModelClient, describeModelError } from '../judge/model-client.js';
import { redactKey, resolveModelEndpoint } from '../judge/model-endpoint.js';
import { UsageMeter } from '../judge/model-usage.js';
import type { GeneratorConfig } from '../schema/model-config.js';
import { constructionPrompt, programFromAnswer } from './construct-prompt.js';
import type { Generator, GeneratorContext } from './generator.js';

/** Largest draft source the model may send to `run_draft`, characters. */
const MAX_DRAFT_CHARS = 256 * 1024;

function draftTool(context: GeneratorContext, language: GeneratorConfig['language']): ChatTool {
  return {
    definition: {
      type: 'function',
      function: {
        name: 'run_draft',
        description:
          'Run a draft of the program on the construction state (the before-state as both snapshots); returns its verdict, checks, error kind and message. Costs 1 budget unit.',
        parameters: {
          type: 'object',
          properties: { source: { type: 'string', description: 'the complete program' } },
          required: ['source'],
          additionalProperties: false,
        },
      },
    },
    async run(args) {
      const source = (args as { source?: unknown } | null)?.source;
      if (typeof source !== 'string' || source.length > MAX_DRAFT_CHARS)
        return {
          content: `error: "source" must be the program text (at most ${MAX_DRAFT_CHARS} characters)`,
        };
      try {
        return { content: JSON.stringify(await context.runDraft({ source, language })) };
      } catch (error) {
        if (isAgentProofBenchError(error, 'APB_CONSTRUCTION_BUDGET'))
          return { content: error.problem };
        throw error;
      }
    },
  };
}

/**
 * The built-in generator: the same model client as the judge, the construction prompt,
 * the before-state reads and draft runs as tools. Its cost C is the priced tokens.
 */
export function builtinGenerator(config: GeneratorConfig): { name: string; generate: Generator } {
  const endpoint = resolveModelEndpoint(config);
  const client = createModelClient(endpoint, config);
  const generate: Generator = async (context) => {
    const meter = new UsageMeter(endpoint.model, config.price);
    const controller = new AbortController();
    // A tool call that reaches no API still costs a unit, as a judge's does (docs/construct.md).
    const chargeRefused = () => context.charge(1);
    let ending: Awaited<ReturnType<typeof runChatLoop>>;
    try {
      ending = await runChatLoop({
        client,
        model: endpoint.model,
        settings: config,
        messages: constructionPrompt(context, config.language, config.rounds),
        tools: [
          ...apiTools({ before: context.before }, { haltOnBudget: false, charge: chargeRefused }),
          draftTool(context, config.language),
        ],
        rounds: config.rounds,
        meter,
        signal: controller.signal,
        charge: chargeRefused,
      });
    } catch (error) {
      if (error instanceof AgentProofBenchError) throw error;
      throw new AgentProofBenchError(
        'APB_MODEL_RESPONSE',
        describeModelError(error, endpoint, 0, config).message,
        { fix: 'check the model, the endpoint and its key', cause: error },
      );
    }
    const cost = { costUsd: meter.costUsd, rounds: meter.rounds };
    if (ending.type !== 'answer')
      throw new AgentProofBenchError(
        'APB_MODEL_RESPONSE',
        `the model gave no program (${ending.type === 'length' ? 'stopped at its token limit' : ending.type === 'rounds' ? `${ending.rounds} rounds without a final answer` : redactKey(ending.reason, endpoint)}; C so far $${cost.costUsd})`,
        { fix: 'raise the token or round limit of the generator config, or use a stronger model' },
      );
    const source = programFromAnswer(ending.text);
    if (source === undefined)
      throw new AgentProofBenchError(
        'APB_MODEL_RESPONSE',
        'the final answer holds no fenced code block',
        {
          fix: 'ask the model for the program in one fenced code block (its prompt does), or use a stronger model',
        },
      );
    return {
      source,
      language: config.language,
      ...cost,
      tokens: { input: meter.inputTokens, output: meter.outputTokens },
    };
  };
  return { name: `builtin:${endpoint.model}`, generate };
}
