import { caseKey } from '../contract/case-key.js';
import type { ProgramForTask } from '../evaluation/programs.js';
import { type CaseFilter, casesOfTask, caseTitle, type PackCase } from '../pack/cases.js';
import type { ResolvedOptions } from './options.js';
import type { PlannedTask, RunPlan } from './run-plan.js';

/** The cases a run evaluates per task: the selected conditions, and the witness pair when it spans both. */
export function caseFilterOf(options: Pick<ResolvedOptions, 'conditions'>): CaseFilter {
  // The witness pair spans source and related: run it only when both are selected.
  const witness = options.conditions.includes('source') && options.conditions.includes('related');
  return { conditions: options.conditions, witness };
}

/** Every case of one planned task, for every program; none when the task is not qualified. */
function plannedCasesOf(
  plan: RunPlan,
  options: Pick<ResolvedOptions, 'conditions'>,
  planned: PlannedTask,
): Array<{ entry: ProgramForTask; packCase: PackCase }> {
  if (!planned.qualification.qualified) return [];
  const cases = casesOfTask(plan.pack, planned.task, caseFilterOf(options));
  return planned.programs.flatMap((entry) => cases.map((packCase) => ({ entry, packCase })));
}

/** Every case the whole run plans (all chunks), by key, with a readable name. */
export function plannedCaseNames(
  plan: RunPlan,
  options: Pick<ResolvedOptions, 'conditions'>,
): Map<string, string> {
  const names = new Map<string, string>();
  for (const planned of plan.tasks) {
    for (const { entry, packCase } of plannedCasesOf(plan, options, planned)) {
      const program =
        entry.program.set === 'default'
          ? entry.program.id
          : `${entry.program.set}: ${entry.program.id}`;
      names.set(
        caseKey({ ...packCase, program: entry.program }),
        `${caseTitle(packCase)} (${program})`,
      );
    }
  }
  return names;
}
