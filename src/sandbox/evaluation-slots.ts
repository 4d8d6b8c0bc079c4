import { AgentProofBenchError } from '../contract/error.js';
/**
 * At most `size` evaluations running at once; the rest wait their turn in arrival order.
 * An evaluation's clock starts only once it holds a slot, so its `durationMs` is the
 * evaluation itself, never time spent queued behind others (docs/report.md).
 */
export class EvaluationSlots {
  readonly size: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1)
      throw new AgentProofBenchError(
        'APB_ARGUMENT',
        `evaluation slots must be a positive whole number, got ${size}`,
        { fix: 'give the isolate runtime slots as a whole number of 1 or more' },
      );
    this.size = size;
  }

  /** Run `work` in a slot, waiting for one to free up first. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.size)
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next in line, so nobody can overtake it.
      if (next) next();
      else this.#running -= 1;
    }
  }
}
