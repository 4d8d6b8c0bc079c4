// Writes fixtures/packs/builtin/README.md: the pack's composition computed from its files.
// Run after changing tasks: npx tsx scripts/packs/builtin-readme.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { conditionsOf, outcomesOf } from '../../src/pack/pack.js';
import { CATEGORIES } from '../../src/schema/reference.js';
import { SERVICES } from '../../src/schema/service.js';

const dir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/packs/builtin',
);
const pack = await loadPackOrThrow(dir);
const rows: string[] = [];
let total = 0;
const totals = { source: 0, background: 0, related: 0 };
for (const task of pack.tasks) {
  const faults = new Set<string>();
  const counts = conditionsOf(task).map((condition) => {
    const outcomes = outcomesOf(task, condition);
    for (const outcome of outcomes) if (outcome.fault) faults.add(outcome.fault);
    totals[condition] += outcomes.length;
    total += outcomes.length;
    const valid = outcomes.filter((outcome) => outcome.label === 'valid').length;
    return `${outcomes.length} (${valid}v/${outcomes.length - valid}i)`;
  });
  const prefix = outcomesOf(task, 'source').some((outcome) => outcome.role === 'prefix')
    ? 'yes'
    : '';
  rows.push(
    `| ${task.id} | ${task.service} | ${task.family} | ${task.conditions.related?.change ?? ''} | ${[...faults].sort().join(', ')} | ${counts.join(' / ')} | ${prefix} |`,
  );
}
const witness = pack.tasks.filter((task) => task.witness).length * 2;
const perService = SERVICES.map(
  (service) =>
    `${service} ${new Set(pack.tasks.filter((t) => t.service === service).map((t) => t.family)).size}`,
).join(', ');
const changes = [
  ...new Set(pack.tasks.map((t) => t.conditions.related?.change).filter(Boolean)),
].sort();
const categories = CATEGORIES.filter((category) =>
  pack.tasks.some((t) =>
    Object.values(t.outcomes)
      .flat()
      .some((o) => o?.fault === category),
  ),
);
const text = `# The built-in pack

Original tasks written for this project over the four service replicas (Linear, Slack, Box,
Google Calendar). Seeds are generated deterministically by \`scripts/seeds/<service>.ts\`, tasks by
\`scripts/tasks/<service>.ts\`; this page by \`scripts/packs/builtin-readme.ts\`. Every task qualifies
(\`agentproofbench validate builtin\`).

- Families: ${pack.tasks.length} (${perService})
- Related-change kinds covered: ${changes.join(', ')}
- Fault categories covered: ${categories.join(', ')}
- States: ${total} panel outcomes (source ${totals.source}, background ${totals.background}, related ${totals.related}) + ${witness} witness states = ${total + witness}
- Timing panel: ${pack.manifest.timingPanel.length} states (pack.json \`timingPanel\`)

Outcome counts per condition are source / background / related, each as total (valid v / invalid i).

| task | service | family | related change | fault categories | outcomes | prefix |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Example verifiers: \`examples/verifiers/<task>.ts\` (correct) and \`examples/verifiers/stale/<task>.ts\`
(each makes one documented reuse mistake: a remembered id, a literal initial value, or a set
remembered from the source state).
`;
writeFileSync(path.join(dir, 'README.md'), text);
console.log(text);
