import { BRANCHES, START_POINTS } from '../schema/execution.js';
import type { Patch } from '../schema/patch.js';
import { RECORDED_ROLES } from './check-inserted-rows.js';
import type { Pack } from './pack.js';
import { conditionsOf, outcomesOf } from './pack.js';
import type { PackError } from './pack-error.js';

/**
 * How a pack's states were written (docs/pack-format.md, "Strict mode"): outcomes and
 * recorded execution states, counted once each. Initial conditions are not counted: they set
 * up what other users did before the actor started, not what the actor wrote.
 */
export interface DerivationCounts {
  /** Written as the actor's calls: the loader derived them, so the actor can reach them. */
  fromCalls: number;
  /** Written only as a patch, though the pack made them up: nothing shows the actor could. */
  notDerived: number;
  /** `natural` and `prefix` outcomes written as a patch: what a real agent's run left. */
  recorded: number;
  /** Written as an empty patch: the actor changed nothing, there is no call to write. */
  unchanged: number;
}

export interface DerivationReport {
  counts: DerivationCounts;
  /** Every state counted in `notDerived`, as the error `validate --strict` gives for it. */
  notDerived: PackError[];
}

export function derivationReport(pack: Pack): DerivationReport {
  const counts: DerivationCounts = { fromCalls: 0, notDerived: 0, recorded: 0, unchanged: 0 };
  const notDerived: PackError[] = [];
  const count = (
    state: { calls?: unknown; patch: Patch },
    recorded: boolean,
    file: string,
    at: Array<string | number>,
    what: string,
  ) => {
    if (state.calls !== undefined) counts.fromCalls++;
    else if (state.patch.length === 0) counts.unchanged++;
    else if (recorded) counts.recorded++;
    else {
      counts.notDerived++;
      notDerived.push({
        file,
        path: [...at, 'patch'],
        code: 'not_derived_from_calls',
        message: `${what} is written only as a patch: write it as the actor's calls (strict mode accepts patch-only states only for natural and prefix outcomes)`,
      });
    }
  };
  for (const task of pack.tasks) {
    const file = `tasks/${task.id}.json`;
    for (const condition of conditionsOf(task))
      for (const [index, outcome] of outcomesOf(task, condition).entries())
        count(
          outcome,
          RECORDED_ROLES.has(outcome.role),
          file,
          ['outcomes', condition, index],
          `${task.id} ${condition}/${outcome.id}`,
        );
    const executions = pack.executions.get(task.id);
    if (!executions) continue;
    const executionsFile = `executions/${task.id}.json`;
    executions.runs.forEach((run, runIndex) => {
      for (const name of START_POINTS) {
        const start = run.starts[name];
        const at = ['runs', runIndex, 'starts', name];
        const what = `${task.id} run ${run.id} ${name}`;
        count(start, false, executionsFile, at, what);
        for (const branch of BRANCHES)
          for (const [index, stage] of start.branches[branch].entries())
            count(
              stage,
              false,
              executionsFile,
              [...at, 'branches', branch, index],
              `${what} ${branch} stage ${index + 1}`,
            );
      }
    });
  }
  return { counts, notDerived };
}
