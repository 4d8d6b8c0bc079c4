/**
 * The built-in pack's recorded executions, `fixtures/packs/builtin/executions/<task>.json`,
 * from the stories in ./stories.ts (run after scripts/tasks/*, whose outcomes the stories
 * reuse). Deterministic: the same tasks give byte-identical files. Run:
 *
 *   npx tsx scripts/executions/builtin.ts
 */
import path from 'node:path';
import type { GeneratedFile } from '../../src/authoring/index.js';
import { BUILTIN_PACK, REPO_ROOT, writeWhenMain } from '../lib/generator.js';
import { builtinExecutions, executionsFileText } from './stories.js';

export function generate(): GeneratedFile[] {
  return [...builtinExecutions(path.join(REPO_ROOT, BUILTIN_PACK))].map(([task, executions]) => ({
    path: path.join(BUILTIN_PACK, 'executions', `${task}.json`),
    text: executionsFileText(executions),
  }));
}

await writeWhenMain(import.meta.url, generate);
