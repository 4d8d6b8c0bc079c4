// Writes fixtures/packs/builtin/pack.json: the seeds present, every task (implicitly), and
// the 24-state timing panel. The panel is drawn from the first four tasks of each service
// (the tasks of pack 1.0), round-robin across services, cycling through conditions and
// outcome roles so it mixes valid and invalid endings; adding tasks leaves it, and so the
// latency figures, comparable across pack versions.
// packs/generate.ts runs it after the seeds and tasks.

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type GeneratedFile, jsonText, type StateRef, type Task } from 'agentproofbench/authoring';
import { BUILTIN_PACK, REPO_ROOT } from '../lib/generator.js';
import { BUILTIN_CALL_CLOCK } from './clock.js';
import { readBuiltinTasks } from './committed-tasks.js';

const PANEL_SIZE = 24;
/** Tasks `<service>_1` … `<service>_4`: the panel's pool. */
const PANEL_POOL = /^[a-z]+_[1-4]$/;

/** The timing panel: one state per task in turn, services interleaved, cycling condition and role. */
function timingPanel(tasks: readonly Task[]): StateRef[] {
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
  return panel;
}

export function generate(): GeneratedFile[] {
  const seeds = readdirSync(path.join(REPO_ROOT, BUILTIN_PACK, 'seeds'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
  const pool = readBuiltinTasks().filter((task) => PANEL_POOL.test(task.id));
  const manifest = {
    name: 'builtin',
    version: '2.0.0',
    referenceVersion: '1',
    description:
      'The built-in AgentProofBench pack: original tasks over Linear, Slack, Box and Google Calendar replicas, with source/background/related panels, typed faults, witness pairs and a 24-state timing panel.',
    seeds,
    calls: BUILTIN_CALL_CLOCK,
    timingPanel: timingPanel(pool),
  };
  return [{ path: path.join(BUILTIN_PACK, 'pack.json'), text: jsonText(manifest) }];
}
