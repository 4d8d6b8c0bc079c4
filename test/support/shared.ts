import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

/**
 * `../shared` beside the repository: CI always has it; a bare clone may not.
 * `AGENTPROOFBENCH_SHARED` points elsewhere (or nowhere: the fresh-clone check sets it to a
 * missing folder to prove that every test file collects without the data).
 */
export const SHARED_DIR = process.env.AGENTPROOFBENCH_SHARED
  ? path.resolve(process.env.AGENTPROOFBENCH_SHARED)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared');
export const AGENT_DIFF_DIR = path.join(SHARED_DIR, 'agent-diff');
export const hasAgentDiff = existsSync(path.join(AGENT_DIFF_DIR, 'seeds'));

const SKIP_REASON = `SKIPPED: ${AGENT_DIFF_DIR} is not on this machine; CI has it`;

/**
 * A describe block over the Agent-Diff data. Without the data its body never runs (so it
 * may read the files at collection time); one skipped test says why in its title instead.
 */
export function describeWithAgentDiff(title: string, body: () => void): void {
  if (hasAgentDiff) {
    describe(`${title} (reads ../shared/agent-diff)`, body);
    return;
  }
  describe(title, () => {
    it.skip(`needs the Agent-Diff data (${SKIP_REASON})`, () => {});
  });
}
