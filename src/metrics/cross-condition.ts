import { CONDITIONS, type ConditionName } from '../schema/task.js';
import { balancedAccuracyReport } from './balanced-accuracy.js';
import type { Panel } from './panels.js';

export interface CrossConditionCell {
  /** Mean BA (replicates, then tasks), fraction in [0, 1]; null when no program built on the row's condition was evaluated on the column's. */
  ba: number | null;
  /** Tasks averaged. */
  tasks: number;
  /** Programs × tasks that contributed. */
  programs: number;
}

export interface CrossConditionMatrix {
  /** `cells[builtOn][evaluatedOn]`, 3 × 3. */
  cells: Record<ConditionName, Record<ConditionName, CrossConditionCell>>;
  /** Primary panels of programs with no `builtOn`, left out of the matrix. */
  panelsWithoutBuildCondition: number;
}

/** Programs built on condition a (rows) evaluated on condition b (columns), primary panels only. */
export function crossConditionMatrix(panels: readonly Panel[]): CrossConditionMatrix {
  const primary = panels.filter((p) => p.kind === 'primary');
  const cells = Object.fromEntries(
    CONDITIONS.map((builtOn) => {
      const row = Object.fromEntries(
        CONDITIONS.map((evaluatedOn) => {
          const selected = primary.filter(
            (p) => p.builtOn === builtOn && p.condition === evaluatedOn,
          );
          const report = balancedAccuracyReport(selected);
          return [
            evaluatedOn,
            { ba: report.overall.ba, tasks: report.overall.tasks, programs: selected.length },
          ];
        }),
      );
      return [builtOn, row];
    }),
  ) as CrossConditionMatrix['cells'];
  return {
    cells,
    panelsWithoutBuildCondition: primary.filter((p) => p.builtOn === undefined).length,
  };
}
