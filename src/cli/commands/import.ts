import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentProofBenchError } from '../../contract/error.js';
import {
  CONSTRUCTION_REPORT_FILE,
  type ConstructionSummary,
  constructPack,
  writeQualifiedConstruction,
} from '../../import/agent-diff/construct/construct-pack.js';
import { readTaskPlans } from '../../import/agent-diff/construct/plan.js';
import { type ImportedPack, importAgentDiff } from '../../import/agent-diff/import-pack.js';
import { IMPORT_REPORT_FILE, writeImportedPack } from '../../import/agent-diff/write-pack.js';
import { tierCounts } from '../../pack/task-tier.js';
import { type ArgsOf, type FlagTable, flagsHelp } from '../flags.js';
import type { CliIO } from '../io.js';
import { UsageError } from '../usage-error.js';

/** Every flag of `agentproofbench import agent-diff`: its parser options, help lines and types. */
export const IMPORT_FLAGS = {
  data: {
    value: '<dir>',
    help: ['the Agent-Diff data folder (seeds/<service>/, testsuites/, datasets/)'],
  },
  out: { value: '<dir>', help: ['the folder to write the pack to (must be empty unless --force)'] },
  suite: {
    value: '<s>',
    multiple: true,
    help: ['a suite file, or a name in <data>/testsuites/ (repeatable; default: all)'],
  },
  runs: {
    value: '<r>',
    multiple: true,
    help: ['a run file or a folder of run files (repeatable; both Agent-Diff layouts)'],
  },
  name: { value: '<n>', help: ['pack name (default: agent-diff)'] },
  force: { help: ['overwrite files in a non-empty --out folder'] },
  json: { help: ['print the import report as JSON instead of a summary'] },
  construct: {
    help: [
      'build full tasks where the recipes reach (docs/agent-diff.md): a complete',
      'outcome, typed faults, a related and a background condition and the witness,',
      "all written as the actor's calls; each is qualified after writing, and tasks",
      'that cannot be built or do not qualify stay as imported, with the reason in',
      'construction-report.json',
    ],
  },
  plans: {
    value: '<dir>',
    help: [
      'with --construct: a folder of per-task plan files <task id>.json supplying what',
      'construction cannot derive (values, fault alternatives, bindings; docs/agent-diff.md,',
      '"Plan files"); a malformed file stops the import with its path and JSON path',
    ],
  },
} as const satisfies FlagTable;

export type ImportArgs = ArgsOf<typeof IMPORT_FLAGS> & { source?: string };

export const importHelp = `agentproofbench import agent-diff --data <dir> --out <dir> [--suite s]... [--runs r]...
                                  [--name n] [--force] [--json] [--construct] [--plans dir]

Import Agent-Diff suites as a task pack. Each suite test becomes a task with a
\`legacy-diff\` reference (the Agent-Diff assertion DSL, evaluated exactly) and a \`source\`
condition on its seed template. Recorded runs become \`natural\` outcomes: replayed onto
the seed they ran on (inferred from their before-images), identical endings merged,
labelled by the reference. Every task also has a \`start\` outcome (role prefix: no writes).
${flagsHelp(IMPORT_FLAGS, 16)}
Also writes ${IMPORT_REPORT_FILE} into the pack: runs and their recorded verdicts, the
stale-binding lint (assertions keyed on literal ids a selector could resolve), skips.
Exit code 0 on success, 1 when a suite, seed or run file cannot be used, 2 on bad usage.`;

async function suiteFiles(
  dataDir: string,
  suites: readonly string[] | undefined,
): Promise<string[]> {
  const dir = path.join(dataDir, 'testsuites');
  if (!suites || suites.length === 0) {
    if (!existsSync(dir))
      throw new AgentProofBenchError(
        'APB_AGENT_DIFF_SUITE',
        `no --suite given and no ${dir} folder to import from`,
        { fix: 'pass --suite <file> or --data <Agent-Diff folder holding testsuites/>' },
      );
    return (await readdir(dir))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => path.join(dir, file));
  }
  return suites.map((suite) => {
    if (existsSync(suite)) return suite;
    const named = path.join(dir, suite.endsWith('.json') ? suite : `${suite}.json`);
    if (existsSync(named)) return named;
    throw new AgentProofBenchError(
      'APB_AGENT_DIFF_SUITE',
      `no suite file at ${path.resolve(suite)} and none named ${path.basename(named)} in ${dir}`,
      { fix: 'pass the path of a suite file, or the name of one in testsuites/' },
    );
  });
}

/** How often the reference's label equals Agent-Diff's recorded verdict over the imported runs. */
export function recordedAgreement(pack: ImportedPack): { agree: number; total: number } {
  const labels = new Map(
    pack.tasks.flatMap((task) =>
      task.outcomes.source.map((outcome) => [`${task.id}/${outcome.id}`, outcome.label] as const),
    ),
  );
  const agree = pack.report.runs.filter(
    (run) => (labels.get(`${run.task}/${run.outcome}`) === 'valid') === run.recordedPassed,
  ).length;
  return { agree, total: pack.report.runs.length };
}

function summary(pack: ImportedPack, out: string, seconds: number): string[] {
  const { report } = pack;
  const tests = report.suites.reduce((sum, suite) => sum + suite.tests, 0);
  const endings = pack.tasks.reduce(
    (sum, task) =>
      sum + task.outcomes.source.filter((outcome) => outcome.role === 'natural').length,
    0,
  );
  const { agree, total } = recordedAgreement(pack);
  const unspelled = report.staleBindings.filter((finding) => !finding.namedInInstruction);
  const flagged = new Set(unspelled.map((finding) => finding.task));
  const tiers = tierCounts(pack.tasks);
  const lines = [
    `imported ${pack.tasks.length} tasks from ${report.suites.length} suite(s) (${tests} tests) into ${out} in ${seconds.toFixed(1)} s`,
    `seeds: ${pack.manifest.seeds.join(', ')}`,
    // Qualifying a natural-only task shows only that the reference labels its endings.
    `tiers: ${tiers.full} full task(s), ${tiers.partial} partial, ${tiers['natural-only']} natural panel only (no complete outcome, faults, related condition or witness)`,
  ];
  for (const file of report.runFiles) {
    lines.push(
      `runs: ${path.basename(file.file)}: ${file.runs} ${file.format} run(s) on ${
        file.seedEvidence === 'tie'
          ? "each test's own seed (their before-images do not tell the seeds apart)"
          : (file.seed ?? '(no matching test)')
      }`,
    );
  }
  if (total > 0) {
    lines.push(
      `natural outcomes: ${total} runs, ${endings} distinct endings; reference label = recorded Agent-Diff verdict on ${agree}/${total} runs`,
    );
  }
  if (report.unmatchedRuns.length > 0)
    lines.push(`unmatched runs (no test with that instruction): ${report.unmatchedRuns.length}`);
  for (const problem of report.replayProblems)
    lines.push(`replay problem: run ${problem.runId}: ${problem.message}`);
  for (const skipped of report.skippedTests)
    lines.push(`skipped ${skipped.suite} ${skipped.test}: ${skipped.reason}`);
  // One count per kind: ids the instruction does not spell (frozen bindings) and ids it spells.
  const spelled = report.staleBindings.length - unspelled.length;
  lines.push(
    `stale-binding lint: ${unspelled.length} assertion key(s) in ${flagged.size} task(s) are literal ids of before-state rows that the instruction does not spell; ${spelled} more are ids the instruction spells (details in ${IMPORT_REPORT_FILE})`,
  );
  return lines;
}

/** The construction in a few lines: per service, then the most frequent reasons for the rest. */
function constructionLines(summary: ConstructionSummary): string[] {
  const services = Object.entries(summary.byService);
  const total = services.reduce((sum, [, entry]) => sum + entry.qualified, 0);
  const lines = [
    `constructed full tasks that qualify: ${total} (${services
      .map(([service, entry]) => `${service} ${entry.qualified}/${entry.tasks}`)
      .join(', ')}); every other task is listed with its reason in ${CONSTRUCTION_REPORT_FILE}`,
  ];
  for (const { reason, tasks } of summary.reasons.slice(0, 8))
    lines.push(`  not constructed (${tasks}): ${reason}`);
  return lines;
}

export async function importCommand(args: ImportArgs, io: CliIO): Promise<number> {
  if (args.source !== 'agent-diff')
    throw new UsageError(
      `${args.source === undefined ? 'missing' : `unknown`} import source${args.source ? ` "${args.source}"` : ''}; expected "agent-diff"`,
    );
  if (!args.data || !args.out) throw new UsageError('--data and --out are required');
  if (args.plans !== undefined && !args.construct)
    throw new UsageError('--plans is read by --construct only; add --construct');
  const started = performance.now();
  // An unusable input throws with its code; the dispatcher prints it and exits 1.
  const suites = await suiteFiles(args.data, args.suite);
  const pack: ImportedPack = await importAgentDiff({
    dataDir: args.data,
    suites,
    runs: args.runs ?? [],
    ...(args.name ? { name: args.name } : {}),
  });
  if (!args.construct) {
    await writeImportedPack(args.out, pack, { force: args.force ?? false });
    if (args.json) io.out(JSON.stringify(pack.report, null, 2));
    else
      for (const line of summary(pack, args.out, (performance.now() - started) / 1000))
        io.out(line);
    return 0;
  }
  // A bad plan file throws with its code before anything is written.
  const plans = args.plans !== undefined ? await readTaskPlans(args.plans) : undefined;
  const constructed = await writeQualifiedConstruction(
    args.out,
    pack,
    constructPack(pack, plans ? { plans } : {}),
    {
      force: args.force ?? false,
    },
  );
  await writeFile(
    path.join(args.out, CONSTRUCTION_REPORT_FILE),
    `${JSON.stringify({ summary: constructed.summary, tasks: constructed.reports }, null, 2)}\n`,
  );
  if (args.json)
    io.out(JSON.stringify({ ...pack.report, construction: constructed.summary }, null, 2));
  else {
    for (const line of summary(constructed.pack, args.out, (performance.now() - started) / 1000))
      io.out(line);
    for (const line of constructionLines(constructed.summary)) io.out(line);
  }
  return 0;
}
