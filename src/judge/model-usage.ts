import type { ModelUsage } from '../contract/record.js';
import type { TokenPrice } from '../schema/model-config.js';

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

  /** Count one answered call; providers that omit `usage` count as zero tokens. */
  add(usage: { prompt_tokens?: number; completion_tokens?: number } | undefined, model?: string) {
    this.rounds += 1;
    this.inputTokens += usage?.prompt_tokens ?? 0;
    this.outputTokens += usage?.completion_tokens ?? 0;
    if (model) this.#model = model;
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
