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
 */
export class HandoffFiles {
  #dir: string | undefined;
  #current: string | undefined;
  readonly #removeAll = () => this.close();

  /** Write a new handoff (replacing the previous one) and say where the workers find it. */
  write(handoff: PlanHandoff): PlanHandoffRef {
    if (this.#dir === undefined) {
      this.#dir = mkdtempSync(path.join(tmpdir(), 'agentproofbench-plan-'));
      process.once('exit', this.#removeAll);
    }
    // The id is `<pid>:<generation>` (plugin.ts): a safe file name once the colon goes.
    const file = path.join(this.#dir, `${handoff.id.replace(/[^\w-]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(handoff));
    if (this.#current !== undefined && this.#current !== file)
      rmSync(this.#current, { force: true });
    this.#current = file;
    return { id: handoff.id, file };
  }

  /** Remove the folder and everything in it. */
  close(): void {
    if (this.#dir === undefined) return;
    rmSync(this.#dir, { recursive: true, force: true });
    process.off('exit', this.#removeAll);
    this.#dir = undefined;
    this.#current = undefined;
  }
}

/** The handoff a worker was pointed at. */
export function readHandoff(ref: PlanHandoffRef): PlanHandoff {
  return JSON.parse(readFileSync(ref.file, 'utf8')) as PlanHandoff;
}
