import { AgentProofBenchError } from '../contract/error.js';
import { publicTaskOf } from '../contract/public-task.js';
import type { PublicTask } from '../contract/verifier.js';
import type { ConditionName, Task } from '../schema/task.js';
import { casesOfTask, caseTitle, type PackCase } from './cases.js';
import { conditionsOf, type Pack } from './pack.js';

/** One case a matcher can judge: the task, the two states, and what the reference expects. */
export interface CaseHandle {
  readonly task: Task;
  readonly case: PackCase;
  /** `starter_1 › related › fault: … (preservation)`. */
  readonly title: string;
}

/** The witness of a task: the source decision under `source`, and its literal replay on `related`. */
export interface WitnessHandle {
  readonly source: CaseHandle;
  readonly replay: CaseHandle;
}

/** Every outcome of one condition's panel (natural and prefix outcomes included). */
export interface PanelHandle {
  readonly task: Task;
  readonly condition: ConditionName;
  readonly cases: readonly CaseHandle[];
}

export interface TaskHandle {
  readonly id: string;
  readonly task: Task;
  /** What the verifier is given as `task`. */
  readonly public: PublicTask;
  /** Undefined when the task declares no witness. */
  readonly witness: WitnessHandle | undefined;
  readonly conditions: readonly ConditionName[];
  outcome(condition: ConditionName, outcomeId: string): CaseHandle;
  panel(condition: ConditionName): PanelHandle;
}

/** A loaded pack seen through the handles the matchers take. */
export interface PackHandle {
  readonly pack: Pack;
  readonly taskIds: readonly string[];
  task(id: string): TaskHandle;
}

export function caseHandle(task: Task, entry: PackCase): CaseHandle {
  return { task, case: entry, title: caseTitle(entry) };
}

function taskHandle(pack: Pack, task: Task): TaskHandle {
  const cases = casesOfTask(pack, task).map((entry) => caseHandle(task, entry));
  const source = cases.find((handle) => handle.case.kind === 'witness-source');
  const replay = cases.find((handle) => handle.case.kind === 'witness-replay');
  const panelCases = (condition: ConditionName) =>
    cases.filter((handle) => handle.case.kind === 'panel' && handle.case.condition === condition);
  return {
    id: task.id,
    task,
    public: publicTaskOf(task),
    witness: source && replay ? { source, replay } : undefined,
    conditions: conditionsOf(task),
    outcome(condition, outcomeId) {
      const found = panelCases(condition).find((handle) => handle.case.outcome === outcomeId);
      if (!found) {
        const known = panelCases(condition).map((handle) => handle.case.outcome);
        throw new AgentProofBenchError(
          'APB_UNKNOWN_CASE',
          `task ${task.id} has no outcome "${outcomeId}" under ${condition} (outcomes: ${known.join(', ') || 'none'})`,
          { fix: 'use one of the outcome ids the message lists' },
        );
      }
      return found;
    },
    panel(condition) {
      if (!task.conditions[condition])
        throw new AgentProofBenchError(
          'APB_UNKNOWN_CASE',
          `task ${task.id} has no ${condition} condition (conditions: ${conditionsOf(task).join(', ')})`,
          { fix: 'use one of the conditions the message lists' },
        );
      return { task, condition, cases: panelCases(condition) };
    },
  };
}

/**
 * Handles over an already loaded pack (task handles are built once and cached); `openPack`
 * (src/run/open-pack.ts) opens a pack through the plan cache and hands out these.
 */
export function packHandleOf(pack: Pack): PackHandle {
  const handles = new Map<string, TaskHandle>();
  return {
    pack,
    taskIds: pack.tasks.map((task) => task.id),
    task(id) {
      let handle = handles.get(id);
      if (!handle) {
        handle = taskHandle(pack, pack.task(id));
        handles.set(id, handle);
      }
      return handle;
    },
  };
}
