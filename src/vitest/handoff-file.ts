import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlanHandoff } from '../run/plan-handoff.js';

/** What the chunk files are provided instead of the plan itself: where to read it, and its id. */
export interface PlanHandoffRef {
  /** The handoff's id: a worker that revived this plan already does not read the file again. */
  id: string;
  file: string;
}

/**
 * The plan's handoff as a file the test workers read, one per planning. Vitest sends every
 * provided value again with each test file it starts in a worker, and the chunk files do not
 * isolate (plugin.ts), so a plan of megabytes provided directly would be serialised, sent and
 * parsed once per chunk file; read from a file, each worker parses it once. The files live
 * in a private temporary folder, removed when the run closes or the process exits.
 *
 * In watch mode a verifier change plans again while a run may still be going, and that run's
 * later chunk files read the handoff they were given at its start: an earlier file is kept
 * until `prune()`, which the plugin calls once a run has ended.
 */
export class HandoffFiles {
  #dir: string | undefined;
  #current: string | undefined;
  readonly #earlier = new Set<string>();
  readonly #removeAll = () => this.close();

  /** Write a new handoff and say where the workers find it; earlier ones stay until `prune()`. */
  write(handoff: PlanHandoff): PlanHandoffRef {
    if (this.#dir === undefined) {
      this.#dir = mkdtempSync(path.join(tmpdir(), 'agentproofbench-plan-'));
      process.once('exit', this.#removeAll);
    }
    // The id is `<pid>:<generation>` (plugin.ts): a safe file name once the colon goes.
    const file = path.join(this.#dir, `${handoff.id.replace(/[^\w-]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(handoff));
    if (this.#current !== undefined && this.#current !== file) this.#earlier.add(this.#current);
    this.#current = file;
    return { id: handoff.id, file };
  }

  /** Remove every handoff but the latest: no run that was given one of them is still going. */
  prune(): void {
    for (const file of this.#earlier) rmSync(file, { force: true });
    this.#earlier.clear();
  }

  /** Remove the folder and everything in it. */
  close(): void {
    if (this.#dir === undefined) return;
    rmSync(this.#dir, { recursive: true, force: true });
    process.off('exit', this.#removeAll);
    this.#dir = undefined;
    this.#current = undefined;
    this.#earlier.clear();
  }
}

/** The handoff a worker was pointed at. */
export function readHandoff(ref: PlanHandoffRef): PlanHandoff {
  return JSON.parse(readFileSync(ref.file, 'utf8')) as PlanHandoff;
}
