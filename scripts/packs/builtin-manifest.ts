// Writes fixtures/packs/builtin/pack.json: the seeds present, every task (implicitly), and
// the 24-state timing panel drawn from the tasks round-robin across services, cycling
// through conditions and outcome roles so the panel mixes valid and invalid endings.
// Run after adding tasks: npx tsx scripts/packs/builtin-manifest.ts
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StateRef } from '../../src/schema/manifest.js';
import { type Task, TaskSchema } from '../../src/schema/task.js';

const dir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/packs/builtin',
);
const PANEL_SIZE = 24;

const seeds = readdirSync(path.join(dir, 'seeds'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();
const tasks: Task[] = readdirSync(path.join(dir, 'tasks'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => TaskSchema.parse(JSON.parse(readFileSync(path.join(dir, 'tasks', f), 'utf8'))));

// Interleave services so the panel is not dominated by one replica.
const byService = new Map<string, Task[]>();
for (const task of tasks)
  byService.set(task.service, [...(byService.get(task.service) ?? []), task]);
const interleaved: Task[] = [];
for (let round = 0; interleaved.length < tasks.length; round += 1) {
  for (const list of byService.values()) if (list[round]) interleaved.push(list[round]!);
}

const picks: Array<[StateRef['condition'], string]> = [
  ['source', 'complete'],
  ['related', 'fault'],
  ['background', 'alternative'],
  ['related', 'complete'],
];
const panel: StateRef[] = [];
const taken = new Set<string>();
for (let pass = 0; panel.length < PANEL_SIZE && pass < picks.length * 2; pass += 1) {
  for (const task of interleaved) {
    if (panel.length >= PANEL_SIZE) break;
    const [condition, role] = picks[(pass + interleaved.indexOf(task)) % picks.length]!;
    const outcomes = task.outcomes[condition] ?? [];
    const outcome =
      outcomes.find((o) => o.role === role && !taken.has(`${task.id}/${condition}/${o.id}`)) ??
      outcomes.find((o) => !taken.has(`${task.id}/${condition}/${o.id}`));
    if (!outcome) continue;
    taken.add(`${task.id}/${condition}/${outcome.id}`);
    panel.push({ task: task.id, condition, outcome: outcome.id });
  }
}

writeFileSync(
  path.join(dir, 'pack.json'),
  `${JSON.stringify(
    {
      name: 'builtin',
      version: '1.0.0',
      referenceVersion: '1',
      description:
        'The built-in AgentProofBench pack: original tasks over Linear, Slack, Box and Google Calendar replicas, with source/background/related panels, typed faults, witness pairs and a 24-state timing panel.',
      seeds,
      timingPanel: panel,
    },
    null,
    2,
  )}\n`,
);
console.log(
  `pack.json: ${seeds.length} seeds, ${tasks.length} tasks, timing panel of ${panel.length} states`,
);
