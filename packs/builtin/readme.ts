// Writes fixtures/packs/builtin/README.md: the pack's composition computed from its task
// files (families, traps, related changes, faults, states). Run after changing tasks:
// packs/generate.ts runs it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  conditionsOf,
  countList,
  type GeneratedFile,
  outcomesOf,
  packComposition,
  type Task,
  TRAPS,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK, REPO_ROOT } from '../lib/generator.js';
import { readBuiltinTasks } from './committed-tasks.js';

/** One table row per task: what it tests and how big its panels are. */
function taskRow(task: Task): string {
  const faults = new Set<string>();
  const counts = conditionsOf(task).map((condition) => {
    const outcomes = outcomesOf(task, condition);
    for (const outcome of outcomes) if (outcome.fault) faults.add(outcome.fault);
    const valid = outcomes.filter((outcome) => outcome.label === 'valid').length;
    return `${outcomes.length} (${valid}v/${outcomes.length - valid}i)`;
  });
  return `| ${task.id} | ${task.family} | ${task.conditions.related?.change ?? ''} | ${(task.traps ?? []).join(', ')} | ${[...faults].sort().join(', ')} | ${counts.join(' / ')} |`;
}

/** One row per family: its service and tasks (two or more tasks make family resampling meaningful). */
function familyRows(tasks: readonly Task[]): string[] {
  const families = new Map<string, Task[]>();
  for (const task of tasks) families.set(task.family, [...(families.get(task.family) ?? []), task]);
  return [...families].map(
    ([family, members]) =>
      `| ${family} | ${members[0]!.service} | ${members.map((task) => task.id).join(', ')} |`,
  );
}

/** One row per trap: the tasks whose panels exercise it. */
function trapRows(tasks: readonly Task[]): string[] {
  return TRAPS.map(
    (trap) =>
      `| ${trap} | ${tasks
        .filter((task) => task.traps?.includes(trap))
        .map((task) => task.id)
        .join(', ')} |`,
  );
}

export function generate(): GeneratedFile[] {
  const tasks = readBuiltinTasks();
  const composition = packComposition(tasks);
  const manifest = JSON.parse(
    readFileSync(path.join(REPO_ROOT, BUILTIN_PACK, 'pack.json'), 'utf8'),
  ) as { timingPanel: unknown[] };
  const { states, families } = composition;
  const text = `# The built-in pack

Original tasks written for this project over the four service replicas (Linear, Slack, Box,
Google Calendar). Seeds are generated deterministically by \`packs/builtin/seeds/<service>.ts\`, tasks by
\`packs/builtin/tasks/<service>.ts\` with the authoring library (\`agentproofbench/authoring\`), this page
by \`packs/builtin/readme.ts\`; \`npx tsx packs/generate.ts\` runs them all.
Every task qualifies (\`agentproofbench validate builtin\`, which prints these counts with \`--json\`).

- Tasks: ${composition.tasks.total} (${countList(composition.tasks.byService)})
- Families: ${families.total} (${countList(families.byService)}); ${families.withTwoOrMoreTasks} hold two or more tasks
- Related changes (tasks): ${countList(composition.relatedChanges)}
- Traps (tasks): ${countList(composition.traps)}
- Faults (distinct outcomes / panel states): ${Object.entries(composition.faults)
    .map(([category, count]) => `${category} ${count.distinct} / ${count.states}`)
    .join(', ')}
- States: ${states.source + states.background + states.related} panel outcomes (source ${states.source}, background ${states.background}, related ${states.related}) + ${states.witness} witness states = ${states.total}
- Timing panel: ${manifest.timingPanel.length} states (pack.json \`timingPanel\`), drawn from the first four tasks of each service

## Families

| family | service | tasks |
| --- | --- | --- |
${familyRows(tasks).join('\n')}

## Tasks

Outcome counts per condition are source / background / related, each as total (valid v / invalid i).

| task | family | related change | traps | fault categories | outcomes |
| --- | --- | --- | --- | --- | --- |
${tasks.map(taskRow).join('\n')}

## Traps

What each trap name means is documented with the pack format (docs/pack-format.md, Traps).

| trap | tasks |
| --- | --- |
${trapRows(tasks).join('\n')}

Example verifiers: \`examples/verifiers/<task>.ts\` (correct) and \`examples/verifiers/stale/<task>.ts\`
(each makes one documented reuse mistake: a remembered id, a literal initial value, or a set
remembered from the source state).
`;
  return [{ path: path.join(BUILTIN_PACK, 'README.md'), text }];
}
