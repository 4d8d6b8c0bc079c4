import type { ModelUsage } from '../contract/record.js';
import type { TokenPrice } from '../schema/model-config.js';

/** A provider answered 200 with something a chat completion cannot hold (e.g. a usage field). */
export class ProviderAnswerError extends Error {
  readonly code = 'provider_answer';
  constructor(message: string) {
    super(message);
    this.name = 'ProviderAnswerError';
  }
}

/** A token count as the protocol defines it: absent, or a non-negative integer. */
function tokenCount(usage: Record<string, unknown>, field: string): number {
  const value = usage[field];
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new ProviderAnswerError(
    `the model provider answered usage.${field} = ${JSON.stringify(value)?.slice(0, 40)} (expected a non-negative integer)`,
  );
}

/** Running totals of the model calls of one evaluation or one construction. */
export class UsageMeter {
  rounds = 0;
  inputTokens = 0;
  outputTokens = 0;
  readonly #price: TokenPrice;
  #model: string;

  constructor(model: string, price: TokenPrice) {
    this.#model = model;
    this.#price = price;
  }

  /**
   * Count one answered call; providers that omit `usage` count as zero tokens. A usage that is
   * not an object of non-negative integer counts is refused (ProviderAnswerError) before anything
   * is counted, so no provider's typo reaches a report as a cost.
   */
  add(usage: unknown, model?: unknown) {
    let input = 0;
    let output = 0;
    if (usage !== undefined && usage !== null) {
      if (typeof usage !== 'object' || Array.isArray(usage))
        throw new ProviderAnswerError(
          `the model provider answered usage = ${JSON.stringify(usage)?.slice(0, 40)} (expected an object)`,
        );
      input = tokenCount(usage as Record<string, unknown>, 'prompt_tokens');
      output = tokenCount(usage as Record<string, unknown>, 'completion_tokens');
    }
    this.rounds += 1;
    this.inputTokens += input;
    this.outputTokens += output;
    if (typeof model === 'string' && model.length > 0 && model.length <= 200) this.#model = model;
  }

  /** Cost in USD at the configured price, rounded to a micro-dollar so records compare exactly. */
  get costUsd(): number {
    const cost =
      (this.inputTokens * this.#price.inputPerMillion +
        this.outputTokens * this.#price.outputPerMillion) /
      1_000_000;
    return Math.round(cost * 1e6) / 1e6;
  }

  toUsage(): ModelUsage {
    return {
      rounds: this.rounds,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      costUsd: this.costUsd,
      model: this.#model,
    };
  }
}
