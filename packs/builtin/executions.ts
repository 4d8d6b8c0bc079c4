/**
 * The built-in pack's recorded executions, `fixtures/packs/builtin/executions/<task>.json`,
 * from the stories in ./executions/stories.ts (run after ./tasks/*, whose outcomes the stories
 * reuse). Deterministic: the same tasks give byte-identical files. packs/generate.ts runs it.
 */
import path from 'node:path';
import type { GeneratedFile } from 'agentproofbench/authoring';
import { BUILTIN_PACK, REPO_ROOT } from '../lib/generator.js';
import { builtinExecutions, executionsFileText } from './executions/stories.js';

export function generate(): GeneratedFile[] {
  return [...builtinExecutions(path.join(REPO_ROOT, BUILTIN_PACK))].map(([task, executions]) => ({
    path: path.join(BUILTIN_PACK, 'executions', `${task}.json`),
    text: executionsFileText(executions),
  }));
}
