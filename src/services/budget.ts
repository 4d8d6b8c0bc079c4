/** Default operation budget per evaluation, over both snapshots (docs/benchmark.md, Verifier). */
export const DEFAULT_OPERATION_LIMIT = 80;

/**
 * Counts business operations for one evaluation. Shared by the before- and after-client
 * of that evaluation and by nothing else: budgets are never global.
 */
export class OperationBudget {
  readonly limit: number;
  #used = 0;
  #exhausted = false;

  constructor(limit: number = DEFAULT_OPERATION_LIMIT) {
    this.limit = limit;
  }

  get used(): number {
    return this.#used;
  }

  /** True once any call was refused for lack of budget; the evaluation is then an Error of kind `budget`. */
  get exhausted(): boolean {
    return this.#exhausted;
  }

  /** Take `cost` operations if they fit; otherwise refuse and mark the budget exhausted. */
  charge(cost: number): boolean {
    if (this.#used + cost > this.limit) {
      this.#exhausted = true;
      return false;
    }
    this.#used += cost;
    return true;
  }
}
