import { AgentProofBenchError } from '../contract/error.js';
import { CONDITIONS, type ConditionName } from '../schema/task.js';
import { compareCodeUnits } from './ordering.js';
import {
  type Panel,
  type PanelCounts,
  type PanelKind,
  type PanelTally,
  panelCounts,
} from './panels.js';

/**
 * Which halves of BA a panel defines. A panel without valid outcomes (or without invalid
 * ones), e.g. a prefix panel of incomplete states, has only one defined half: its BA is
 * that half alone, and the basis says so instead of inventing the missing rate.
 */
export type BalancedAccuracyBasis = 'both' | 'valid-only' | 'invalid-only';

export interface PanelBalancedAccuracy {
  /** Fraction in [0, 1]. */
  ba: number;
  basis: BalancedAccuracyBasis;
  /** Passes on valid outcomes / #valid; null without valid outcomes. */
  validRate: number | null;
  /** Fails on invalid outcomes / #invalid; null without invalid outcomes. */
  invalidRate: number | null;
}

/**
 * BA = ½ · (passes on valid / #valid + fails on invalid / #invalid) (docs/benchmark.md, Metrics). Unknown
 * and Error count in the denominators and score zero.
 */
export function panelBalancedAccuracy(tally: PanelTally): PanelBalancedAccuracy {
  const validRate = tally.valid.total === 0 ? null : tally.valid.pass / tally.valid.total;
  const invalidRate = tally.invalid.total === 0 ? null : tally.invalid.fail / tally.invalid.total;
  if (validRate !== null && invalidRate !== null) {
    return { ba: (validRate + invalidRate) / 2, basis: 'both', validRate, invalidRate };
  }
  if (validRate !== null) return { ba: validRate, basis: 'valid-only', validRate, invalidRate };
  if (invalidRate !== null)
    return { ba: invalidRate, basis: 'invalid-only', validRate, invalidRate };
  throw new AgentProofBenchError(
    'APB_METRICS_INPUT',
    'a panel needs at least one outcome to have a balanced accuracy (got an empty tally)',
    { fix: 'give the panel at least one outcome' },
  );
}

/** One program × task × condition: its BA and the counts behind it. */
export interface PanelAccuracy extends PanelBalancedAccuracy {
  set: string;
  program: string;
  task: string;
  family: string;
  condition: ConditionName;
  counts: PanelCounts;
  tally: PanelTally;
}

/** One task × condition: the mean BA of the task's programs (replicates) there. */
export interface TaskConditionAccuracy {
  task: string;
  family: string;
  condition: ConditionName;
  /** Mean over programs of their panel BA, fraction in [0, 1]. */
  ba: number;
  /** Programs (replicates) averaged. */
  programs: number;
}

/** A panel with only valid (or only invalid) outcomes: its BA is not defined, so never reported. */
export interface UnscoredPanel {
  set: string;
  program: string;
  task: string;
  condition: ConditionName;
  basis: Exclude<BalancedAccuracyBasis, 'both'>;
}

/** One task: the mean of its task × condition BAs. */
export interface TaskAccuracy {
  task: string;
  family: string;
  /** Fraction in [0, 1]. */
  ba: number;
  conditions: ConditionName[];
}

export interface AccuracyAggregate {
  /** Mean over tasks, fraction in [0, 1]; null with no task. */
  ba: number | null;
  tasks: number;
}

export interface BalancedAccuracyReport {
  kind: PanelKind;
  panels: PanelAccuracy[];
  /** Ordered by task, then condition. */
  cells: TaskConditionAccuracy[];
  /** Ordered by task. */
  tasks: TaskAccuracy[];
  perCondition: Record<ConditionName, AccuracyAggregate>;
  overall: AccuracyAggregate;
  /**
   * Panels left out of every BA above because they hold one half only (docs/benchmark.md,
   * Metrics): a rate over valid outcomes alone is not a balanced accuracy.
   */
  unscored: UnscoredPanel[];
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/**
 * Averages in the order docs/benchmark.md, Metrics fixes: programs (replicates) inside a task × condition
 * first, then conditions inside a task, then tasks. So a task with ten replicates weighs
 * as much as a task with one, and `overall` is the mean over tasks of each task's mean
 * over its conditions; `perCondition` is the mean over the tasks that have the condition.
 * Only panels of `kind` are used: natural and prefix panels are never mixed into primary BA.
 * A panel with one half only (no valid or no invalid outcome) enters no BA; it is listed in
 * `unscored` instead, so no average silently rests on half a panel.
 * Pass the panels of one program set: programs of every set given count as replicates.
 */
export function balancedAccuracyReport(
  panels: readonly Panel[],
  kind: PanelKind = 'primary',
): BalancedAccuracyReport {
  const scored: PanelAccuracy[] = [];
  const byCell = new Map<
    string,
    { task: string; family: string; condition: ConditionName; values: number[] }
  >();
  const unscored: UnscoredPanel[] = [];
  for (const panel of panels) {
    if (panel.kind !== kind) continue;
    const accuracy = panelBalancedAccuracy(panel.tally);
    scored.push({
      set: panel.set,
      program: panel.program,
      task: panel.task,
      family: panel.family,
      condition: panel.condition,
      counts: panelCounts(panel.tally),
      tally: panel.tally,
      ...accuracy,
    });
    if (accuracy.basis !== 'both') {
      unscored.push({
        set: panel.set,
        program: panel.program,
        task: panel.task,
        condition: panel.condition,
        basis: accuracy.basis,
      });
      continue;
    }
    const key = `${panel.task}\u0000${panel.condition}`;
    let cell = byCell.get(key);
    if (cell === undefined) {
      cell = {
        task: panel.task,
        family: panel.family,
        condition: panel.condition,
        values: [],
      };
      byCell.set(key, cell);
    }
    cell.values.push(accuracy.ba);
  }

  const conditionOrder = (c: ConditionName) => CONDITIONS.indexOf(c);
  const cells: TaskConditionAccuracy[] = [...byCell.values()]
    .map((cell) => ({
      task: cell.task,
      family: cell.family,
      condition: cell.condition,
      ba: mean(cell.values),
      programs: cell.values.length,
    }))
    .sort(
      (a, b) =>
        compareCodeUnits(a.task, b.task) ||
        conditionOrder(a.condition) - conditionOrder(b.condition),
    );

  // Cells are ordered by task, so each task's conditions are consecutive.
  const tasks: TaskAccuracy[] = [];
  const cellValuesOfTask: number[][] = [];
  for (const cell of cells) {
    const last = tasks[tasks.length - 1];
    if (last !== undefined && last.task === cell.task) {
      last.conditions.push(cell.condition);
      cellValuesOfTask[cellValuesOfTask.length - 1]?.push(cell.ba);
    } else {
      tasks.push({ task: cell.task, family: cell.family, ba: 0, conditions: [cell.condition] });
      cellValuesOfTask.push([cell.ba]);
    }
  }
  tasks.forEach((task, i) => {
    task.ba = mean(cellValuesOfTask[i] ?? []);
  });

  const perCondition = Object.fromEntries(
    CONDITIONS.map((condition) => {
      const values = cells.filter((c) => c.condition === condition).map((c) => c.ba);
      return [condition, { ba: values.length === 0 ? null : mean(values), tasks: values.length }];
    }),
  ) as Record<ConditionName, AccuracyAggregate>;

  return {
    kind,
    panels: scored,
    cells,
    tasks,
    perCondition,
    overall: { ba: tasks.length === 0 ? null : mean(tasks.map((t) => t.ba)), tasks: tasks.length },
    unscored,
  };
}
