import type { ReportExecution } from '../src/report/execution-schema.js';
import { terminalText } from '../src/report/terminal-text.js';
import { pct, textTable } from './format.js';

const points = (value: number | null) =>
  value === null ? '—' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}`;

const POLICY_NAMES: Record<ReportExecution['policies'][number]['policy'], string> = {
  'actor-stop': 'actor stop',
  'fixed-continuation': 'fixed continuation',
  'program-gate': 'program gate',
  'online-gate': 'online gate',
  'reference-gate': 'reference gate (ideal)',
};

type PolicyRow = ReportExecution['policies'][number];
type Group = ReportExecution['diagnostic']['panelCorrect'];

const delivered = (row: PolicyRow | undefined) =>
  row === undefined || row.startPoints === 0
    ? '—'
    : `${row.correct.count}/${row.correct.total} ${pct(row.correct.rate)} [${pct(row.correct.lower)}, ${pct(row.correct.upper)}]`;

/** One row per policy (program gates per set when there are several), cohorts as columns. */
function policyRows(
  section: ReportExecution,
): Array<{ name: string; rows: Record<string, PolicyRow> }> {
  const sets = new Set(section.policies.filter((row) => row.set !== null).map((row) => row.set));
  const out = new Map<string, { name: string; rows: Record<string, PolicyRow> }>();
  for (const row of section.policies) {
    const key = `${row.policy}/${row.set ?? ''}`;
    const name = `${POLICY_NAMES[row.policy]}${row.set !== null && sets.size > 1 ? ` (${row.set})` : ''}`;
    const entry = out.get(key) ?? { name, rows: {} };
    entry.rows[row.cohort] = row;
    out.set(key, entry);
  }
  return [...out.values()];
}

const groupLine = (group: Group) =>
  group.assignments === 0
    ? 'no assignments'
    : `${group.bothCorrect}/${group.assignments} ${pct(group.rate)} [${pct(group.lower)}, ${pct(group.upper)}]; gate errors ${group.gateErrors}/${group.gateChecks} checks, regressions ${group.regressions}, incorrect deliveries ${group.incorrect}`;

/** The execution study in the terminal: delivery per policy × cohort, the diagnostic, gate behaviour. */
export function executionTerminalLines(section: ReportExecution): string[] {
  const { counts } = section;
  // Two tables, so that each fits 120 columns: deliveries per cohort, then what each policy
  // did over all start points.
  const policies = policyRows(section);
  const deliveries = [
    ['policy', 'natural', 'checkpoint', 'all'],
    ...policies.map(({ name, rows: cohorts }) => [
      name,
      delivered(cohorts.natural),
      delivered(cohorts.checkpoint),
      delivered(cohorts.all),
    ]),
  ];
  const header = [
    'policy',
    'withheld (valid)',
    'unresolved',
    'repairs',
    'regressions',
    'stages',
    'checks',
  ];
  const rows = policies.map(({ name, rows: cohorts }) => {
    const all = cohorts.all;
    return [
      name,
      all ? `${all.withheld} (${all.withheldValid})` : '—',
      String(all?.unresolved ?? 0),
      String(all?.repairs ?? 0),
      String(all?.regressions ?? 0),
      String(all?.stagesRun ?? 0),
      String(all?.checks ?? 0),
    ];
  });
  const { diagnostic, gates } = section;
  const lines = [
    `Execution study — ${counts.tasks} tasks, ${counts.runs} recorded runs, ${counts.startPoints} start points, ${counts.assignments} assignments (programs × runs)`,
    'correct deliveries [95% CI] per start point cohort:',
    ...textTable(deliveries),
    'what each policy did over all start points:',
    ...textTable([header, ...rows]),
    'panel-delivery diagnostic (both start points delivered correctly under the program gate):',
    `  related panel correct      ${groupLine(diagnostic.panelCorrect)}`,
    `  related panel with errors  ${groupLine(diagnostic.panelErrors)}`,
    `  difference ${points(diagnostic.difference.estimate)} points [${points(diagnostic.difference.lower)}, ${points(diagnostic.difference.upper)}]${diagnostic.difference.estimate === null ? ' (needs assignments in both groups)' : ''}`,
    `program gate: ${gates.program.checks} checks, ${gates.program.disagreements} disagree with the reference (unknown ${gates.program.unknown}, error ${gates.program.errors}), ${gates.program.evaluations} evaluations`,
  ];
  if (gates.online)
    lines.push(
      `online gate: ${gates.online.checks} checks, ${gates.online.disagreements} disagree with the reference (unknown ${gates.online.unknown}, error ${gates.online.errors}), ${gates.online.evaluations} evaluations`,
    );
  const costs = policyRows(section)
    .map(({ name, rows }) => [name, rows.all?.costPerStartPoint ?? null] as const)
    .filter(([, cost]) => cost !== null && cost > 0);
  if (costs.length > 0)
    lines.push(
      `actor cost per start point: ${costs.map(([name, cost]) => `${name} $${cost!.toFixed(4)}`).join(', ')}${section.amortisedCost !== null ? `; program gate amortised c + C/k $${section.amortisedCost.toFixed(4)}` : ''}`,
    );
  for (const contrast of section.contrasts.filter((entry) => entry.cohort === 'all'))
    lines.push(
      `Δ ${contrast.name.replace(/[a-z]+-[a-z]+/g, (name) => POLICY_NAMES[name as PolicyRow['policy']]?.replace(' (ideal)', '') ?? name)}: ${points(contrast.delta)} points [${points(contrast.lower)}, ${points(contrast.upper)}], ${contrast.pairs} start points`,
    );
  if (section.excluded.length > 0)
    lines.push(
      `excluded start points: ${section.excluded.map((entry) => terminalText(`${entry.task} › ${entry.run} › ${entry.start}`)).join(', ')}`,
    );
  return lines;
}

/** The same as GitHub-flavoured Markdown. */
export function executionMarkdownLines(section: ReportExecution): string[] {
  const { counts, diagnostic } = section;
  const lines = [
    '### Execution study',
    '',
    `${counts.tasks} tasks, ${counts.runs} recorded runs, ${counts.startPoints} start points, ${counts.assignments} assignments (programs × runs). Correct deliveries with 95% family-bootstrap intervals.`,
    '',
    '| policy | natural | checkpoint | all | withheld (valid) | unresolved | repairs | regressions |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { name, rows } of policyRows(section)) {
    const all = rows.all;
    lines.push(
      `| ${name} | ${delivered(rows.natural)} | ${delivered(rows.checkpoint)} | ${delivered(all)} | ${all ? `${all.withheld} (${all.withheldValid})` : '—'} | ${all?.unresolved ?? 0} | ${all?.repairs ?? 0} | ${all?.regressions ?? 0} |`,
    );
  }
  lines.push(
    '',
    '**Panel-delivery diagnostic** (both start points delivered correctly under the program gate):',
    '',
    `- related panel correct: ${groupLine(diagnostic.panelCorrect)}`,
    `- related panel with errors: ${groupLine(diagnostic.panelErrors)}`,
    `- difference: ${points(diagnostic.difference.estimate)} points [${points(diagnostic.difference.lower)}, ${points(diagnostic.difference.upper)}]`,
    '',
  );
  return lines;
}
