import { AgentProofBenchError } from '../../../contract/error.js';
import { loadPack } from '../../../pack/load.js';
import { qualifyPack } from '../../../pack/qualify.js';
import { type TaskTier, taskTier, tierCounts } from '../../../pack/task-tier.js';
import { normalizeLegacyDiffSpec } from '../../../reference/legacy-diff/spec.js';
import type { CallClock } from '../../../schema/call.js';
import type { Task } from '../../../schema/task.js';
import { State } from '../../../state/state.js';
import type { ImportedPack } from '../import-pack.js';
import { writeImportedPack } from '../write-pack.js';
import { type ConstructionReport, constructTask } from './construct-task.js';
import { checkPlanAgainstTask, type LoadedPlan } from './plan.js';
import { replicaGaps } from './replica-gaps.js';

/** The clock and id seed of every constructed call sequence (docs/agent-diff.md). */
export const CONSTRUCT_CLOCK: CallClock = {
  start: '2026-01-05T09:00:00Z',
  stepMs: 1000,
  idSeed: 'agent-diff-construct',
};

export const CONSTRUCTION_REPORT_FILE = 'construction-report.json';

/** Per service: tasks, full tasks constructed, and of those the ones that qualify. */
export interface ConstructionSummary {
  byService: Record<string, { tasks: number; constructed: number; qualified: number }>;
  /** Tasks per tier as the pack holds them: constructed (`full`) or kept as imported. */
  tiers: Record<TaskTier, number>;
  /** Refusal reasons, grouped (ids and numbers masked), most frequent first. */
  reasons: Array<{ reason: string; tasks: number }>;
}

export interface ConstructionOutcome {
  pack: ImportedPack;
  reports: ConstructionReport[];
  summary: ConstructionSummary;
}

/**
 * `import agent-diff --construct` (docs/agent-diff.md, "Constructed tasks"): every imported
 * task is constructed into a full task where the recipes reach, kept as imported otherwise.
 */
export function constructPack(
  pack: ImportedPack,
  options: { plans?: ReadonlyMap<string, LoadedPlan> } = {},
): ConstructionOutcome {
  const seeds = new Map(pack.seeds.map((seed) => [seed.name, State.fromSeed(seed)]));
  const plans = options.plans ?? new Map<string, LoadedPlan>();
  const byId = new Map(pack.tasks.map((task) => [task.id, task]));
  for (const [id, loaded] of plans) {
    const task = byId.get(id);
    checkPlanAgainstTask(
      loaded,
      task
        ? normalizeLegacyDiffSpec((task.reference as { spec: unknown }).spec).assertions.length
        : undefined,
    );
  }
  const reports: ConstructionReport[] = [];
  const tasks: Task[] = pack.tasks.map((task) => {
    const findings = pack.report.staleBindings.filter((finding) => finding.task === task.id);
    const before = seeds.get(task.seed)!;
    const loaded = plans.get(task.id);
    const { task: constructed, report } = constructTask({
      task,
      before,
      findings,
      clock: CONSTRUCT_CLOCK,
      ...(loaded ? { plan: loaded.plan } : {}),
    });
    if (loaded) report.plan = loaded.file;
    report.replicaGaps = replicaGaps(task);
    reports.push(report);
    return constructed ?? task;
  });
  const constructedPack: ImportedPack = {
    ...pack,
    manifest: { ...pack.manifest, calls: CONSTRUCT_CLOCK },
    tasks,
  };
  return {
    pack: constructedPack,
    reports,
    summary: summarize(pack.tasks, reports, constructedPack.tasks),
  };
}

function summarize(
  tasks: readonly Task[],
  reports: readonly ConstructionReport[],
  written: readonly Task[],
): ConstructionSummary {
  // The tier each task has in the pack as written: what `validate` will say of it.
  for (const [index, task] of written.entries()) reports[index]!.packTier = taskTier(task).tier;
  const byService: ConstructionSummary['byService'] = {};
  const reasons = new Map<string, number>();
  for (const [index, report] of reports.entries()) {
    const service = tasks[index]!.service;
    byService[service] ??= { tasks: 0, constructed: 0, qualified: 0 };
    const entry = byService[service];
    entry.tasks += 1;
    if (report.tier === 'full') entry.constructed += 1;
    if (report.qualified) entry.qualified += 1;
    if (report.reason) {
      // Group by the reason's words: ids, numbers and quoted values differ from task to task.
      const key = report.reason
        .replace(/"[^"]*"/g, '"…"')
        .replace(/[A-Za-z0-9_.-]*\d{3,}[A-Za-z0-9_.-]*/g, '#')
        .slice(0, 160);
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  }
  return {
    byService,
    tiers: tierCounts(written),
    reasons: [...reasons]
      .map(([reason, count]) => ({ reason, tasks: count }))
      .sort((a, b) => b.tasks - a.tasks || (a.reason < b.reason ? -1 : 1)),
  };
}

/**
 * Write the constructed pack, then load and qualify it as `validate` does; a constructed task
 * the loader refuses or that does not qualify goes back to its imported form, with the reason
 * in its report. Repeats until the written pack loads and every constructed task qualifies.
 */
export async function writeQualifiedConstruction(
  dir: string,
  original: ImportedPack,
  outcome: ConstructionOutcome,
  options: { force?: boolean } = {},
): Promise<ConstructionOutcome> {
  const originals = new Map(original.tasks.map((task) => [task.id, task]));
  const byId = new Map(outcome.reports.map((report) => [report.task, report]));
  let { pack } = outcome;
  let force = options.force ?? false;
  for (let round = 0; round < 4; round++) {
    await writeImportedPack(dir, pack, { force });
    force = true;
    const loaded = await loadPack(dir);
    const demote = new Map<string, string>();
    if (!loaded.ok) {
      for (const error of loaded.errors) {
        const id = /^tasks\/(.+)\.json$/.exec(error.file)?.[1];
        if (id && byId.get(id)?.tier === 'full' && !demote.has(id))
          demote.set(id, `the loader refuses it: ${error.message}`);
      }
      if (demote.size === 0)
        throw new AgentProofBenchError(
          'APB_AGENT_DIFF_CONSTRUCT',
          `the constructed pack does not load: ${loaded.errors.map((e) => `${e.file}: ${e.message}`).join('; ')}`,
          { fix: 'report this: the import wrote files its own loader refuses' },
        );
    } else {
      for (const result of qualifyPack(loaded.pack)) {
        const report = byId.get(result.task);
        if (report?.tier !== 'full') continue;
        // Evidence must be readable: an assertion column no read operation serves is a gap.
        if (report.replicaGaps.length > 0)
          demote.set(
            result.task,
            `replica gap: the assertions read ${report.replicaGaps.join(', ')}, which no read operation of the replica serves`,
          );
        else if (result.qualified) report.qualified = true;
        else
          demote.set(
            result.task,
            `qualification: ${result.problems.map((problem) => `[${problem.code}] ${problem.message}`).join('; ')}`,
          );
      }
    }
    if (demote.size === 0) break;
    for (const [id, reason] of demote) {
      const report = byId.get(id)!;
      report.tier = 'refused';
      report.qualified = false;
      report.reason = reason;
    }
    pack = {
      ...pack,
      tasks: pack.tasks.map((task) => (demote.has(task.id) ? originals.get(task.id)! : task)),
    };
  }
  const summary = summarize(original.tasks, outcome.reports, pack.tasks);
  return { pack, reports: outcome.reports, summary };
}
