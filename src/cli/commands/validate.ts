import { chainsOfTask, type TaskChains } from '../../execution/chain.js';
import { countList, type PackComposition, packComposition } from '../../pack/composition.js';
import { type DerivationCounts, derivationReport } from '../../pack/derivation-counts.js';
import { type LoadOptions, loadPack } from '../../pack/load.js';
import { formatJsonPath, formatPackError } from '../../pack/pack-error.js';
import { panelWarnings } from '../../pack/panel-warnings.js';
import { qualifyPack, type TaskQualification } from '../../pack/qualify.js';
import { resolvePackDir } from '../../pack/resolve.js';
import { type TaskTierResult, taskTier, tierCounts } from '../../pack/task-tier.js';
import type { Task } from '../../schema/task.js';
import { type ArgsOf, type FlagTable, flagsHelp } from '../flags.js';
import type { CliIO } from '../io.js';

/** Every flag of `agentproofbench validate`: its parser options, help lines and types. */
export const VALIDATE_FLAGS = {
  json: { help: ['print a machine-readable result instead of lines'] },
  strict: {
    help: [
      'refuse every state the pack made up that is written only as a patch (natural',
      'and prefix outcomes, recorded from real agents, stay legal)',
    ],
  },
} as const satisfies FlagTable;

export type ValidateArgs = ArgsOf<typeof VALIDATE_FLAGS> & { pack?: string };

export const validateHelp = `agentproofbench validate [pack] [--json] [--strict]

Load a pack, validate every file, materialise every state and qualify every task:
the reference reads only tables and columns the service's API serves (docs/replicas.md),
it labels each outcome as declared, the witness behaves, background keeps
labels and the related condition changes what the reference reads. Recorded executions
(executions/<task>.json) are checked too: every branch state materialises and the reference
labels it. Warns (without failing) about primary panels without a complete outcome or
with fewer than two faults. Counts the states written as the actor's API calls and those
written only as a patch ("not derived from calls"; docs/pack-format.md, "Strict mode").
  pack      a folder holding pack.json, or a built-in pack name (default: builtin)
${flagsHelp(VALIDATE_FLAGS, 10)}
Exit code 0 when every task qualifies (and, with --strict, every such state is derived from
calls), 1 otherwise.`;

/** What a qualified task's qualification says, by its tier (docs/benchmark.md, Qualification). */
function tierNote({ tier, missing }: TaskTierResult): string {
  const what =
    tier === 'natural-only'
      ? 'natural panel only: recorded endings labelled by the reference, not a full task'
      : 'partial task';
  return `${what}; lacks ${missing.join(', ')}`;
}

function describe(result: TaskQualification, tier: TaskTierResult): string {
  const outcomes = result.labels.length;
  // A full task's line stays short; any other says what its qualification cannot show.
  const note = tier.tier === 'full' ? '' : `; ${tierNote(tier)}`;
  if (result.qualified)
    return `✓ ${result.task} qualified (${outcomes} outcomes labelled as declared${note})`;
  const lines = [`✗ ${result.task} not qualified${note ? ` (${note.slice(2)})` : ''}:`];
  for (const problem of result.problems) {
    lines.push(`    - [${problem.code}] ${problem.message}`);
    if (problem.fix) lines.push(`      Fix: ${problem.fix}`);
  }
  return lines.join('\n');
}

/** One line for a task's recorded executions: what the reference labelled, or why a start point cannot be scored. */
function describeExecutions({ chains, problems }: TaskChains): string {
  const states = chains.flatMap((chain) => Object.values(chain.states));
  const runs = new Set(chains.map((chain) => chain.run)).size;
  const lines = [
    `    executions: ${runs} run(s), ${chains.length} start point(s), ${states.length} states labelled by the reference (${states.filter((state) => state.label === 'valid').length} valid)`,
  ];
  for (const problem of problems)
    lines.push(
      `    ✗ ${problem.run} › ${problem.start}${problem.state ? ` › ${problem.state}` : ''}: ${problem.message}`,
    );
  return lines.join('\n');
}

/** The pack's make-up in four lines: what family resampling, traps and faults rest on. */
function describeComposition(composition: PackComposition): string[] {
  const { families, tasks } = composition;
  return [
    `composition: ${tasks.total} tasks (${countList(tasks.byService)}) in ${families.total} families (${countList(families.byService)}), ${families.withTwoOrMoreTasks} families with two or more tasks`,
    `  related changes (tasks): ${countList(composition.relatedChanges)}`,
    `  traps (tasks): ${countList(composition.traps)}`,
    `  faults (distinct / panel states): ${Object.entries(composition.faults)
      .map(([category, count]) => `${category} ${count.distinct}/${count.states}`)
      .join(', ')}`,
  ];
}

/** One line: how the pack's states are written. */
function describeDerivation(counts: DerivationCounts): string {
  return `states: ${counts.fromCalls} derived from calls, ${counts.notDerived} not derived from calls, ${counts.recorded} recorded (natural/prefix), ${counts.unchanged} without changes`;
}

export async function validateCommand(
  args: ValidateArgs,
  io: CliIO,
  /** The write models that derive `calls` (tests inject theirs; default: the registered ones). */
  options: LoadOptions = {},
): Promise<number> {
  const dir = resolvePackDir(args.pack);
  const loaded = await loadPack(dir, options);
  if (!loaded.ok) {
    if (args.json) {
      io.out(
        JSON.stringify(
          {
            pack: dir,
            ok: false,
            errors: loaded.errors.map((error) => ({
              ...error,
              jsonPath: formatJsonPath(error.path),
            })),
            tasks: [],
          },
          null,
          2,
        ),
      );
    } else {
      io.error(`${dir}: ${loaded.errors.length} error(s) in the pack files`);
      for (const error of loaded.errors) io.error(`  ${formatPackError(error)}`);
    }
    return 1;
  }
  const results = qualifyPack(loaded.pack, options);
  const taskById = new Map<string, Task>(loaded.pack.tasks.map((task) => [task.id, task]));
  const tierOf = (id: string) => taskTier(taskById.get(id)!);
  const tiers = tierCounts(loaded.pack.tasks);
  const qualifiedFull = results.filter(
    (result) => result.qualified && tierOf(result.task).tier === 'full',
  ).length;
  const warnings = loaded.pack.tasks.flatMap((task) => panelWarnings(task));
  const executions = new Map(
    loaded.pack.tasks
      .filter((task) => loaded.pack.executions.has(task.id))
      .map((task) => [task.id, chainsOfTask(loaded.pack, task)] as const),
  );
  const executionsOk = [...executions.values()].every((entry) => entry.problems.length === 0);
  const qualified = results.filter((result) => result.qualified).length;
  const composition = packComposition(loaded.pack.tasks);
  const derivation = derivationReport(loaded.pack);
  const strictErrors = args.strict ? derivation.notDerived : [];
  const ok = qualified === results.length && executionsOk && strictErrors.length === 0;
  if (args.json) {
    io.out(
      JSON.stringify(
        {
          pack: dir,
          name: loaded.pack.manifest.name,
          version: loaded.pack.manifest.version,
          ok,
          errors: strictErrors.map((error) => ({ ...error, jsonPath: formatJsonPath(error.path) })),
          warnings,
          composition,
          derivation: derivation.counts,
          tiers: { ...tiers, qualifiedFull },
          tasks: results.map((base) => {
            const result = { ...base, ...tierOf(base.task) };
            const recorded = executions.get(result.task);
            return recorded
              ? {
                  ...result,
                  executions: {
                    startPoints: recorded.chains.map((chain) => ({
                      run: chain.run,
                      start: chain.start,
                      labels: Object.fromEntries(
                        Object.values(chain.states).map((state) => [state.id, state.label]),
                      ),
                    })),
                    problems: recorded.problems,
                  },
                }
              : result;
          }),
        },
        null,
        2,
      ),
    );
  } else {
    io.out(`${loaded.pack.manifest.name} ${loaded.pack.manifest.version} (${dir})`);
    for (const result of results) {
      io.out(describe(result, tierOf(result.task)));
      const recorded = executions.get(result.task);
      if (recorded) io.out(describeExecutions(recorded));
    }
    for (const warning of warnings) io.out(`! warning [${warning.code}] ${warning.message}`);
    for (const line of describeComposition(composition)) io.out(line);
    io.out(describeDerivation(derivation.counts));
    io.out(`${qualified}/${results.length} tasks qualified`);
    // Qualifying a task without faults, related condition or witness tests labels only.
    io.out(
      `tiers: ${tiers.full} full task(s) (${qualifiedFull} qualified), ${tiers.partial} partial, ${tiers['natural-only']} natural panel only`,
    );
    if (strictErrors.length > 0) {
      io.error(`${dir}: --strict: ${strictErrors.length} state(s) not derived from calls`);
      for (const error of strictErrors) io.error(`  ${formatPackError(error)}`);
    }
  }
  return ok ? 0 : 1;
}
