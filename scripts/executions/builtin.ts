/**
 * Writes the built-in pack's recorded executions, `fixtures/packs/builtin/executions/<task>.json`,
 * from the stories in ./stories.ts (run after scripts/tasks/*, whose outcomes the stories
 * reuse). Deterministic: the same tasks give byte-identical files. Run:
 *
 *   npx tsx scripts/executions/builtin.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinExecutions, executionsFileText } from './stories.js';

const PACK = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/packs/builtin',
);
mkdirSync(path.join(PACK, 'executions'), { recursive: true });
for (const [task, executions] of builtinExecutions(PACK)) {
  const file = path.join(PACK, 'executions', `${task}.json`);
  writeFileSync(file, executionsFileText(executions));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
