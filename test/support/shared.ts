import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `../shared` beside the repository: CI always has it; a bare clone may not. */
export const SHARED_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared',
);
export const AGENT_DIFF_DIR = path.join(SHARED_DIR, 'agent-diff');
export const hasAgentDiff = existsSync(path.join(AGENT_DIFF_DIR, 'seeds'));

/** Put in the describe title of tests that need the external data, so a skip says why. */
export const agentDiffNote = hasAgentDiff
  ? '(reads ../shared/agent-diff)'
  : '(SKIPPED: ../shared/agent-diff is not on this machine; CI has it)';
