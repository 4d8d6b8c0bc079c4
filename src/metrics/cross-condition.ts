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
  const groups = new Map<string, Panel[]>();
  let panelsWithoutBuildCondition = 0;
  for (const panel of panels) {
    if (panel.kind !== 'primary') continue;
    if (panel.builtOn === undefined) {
      panelsWithoutBuildCondition += 1;
      continue;
    }
    const key = `${panel.builtOn}/${panel.condition}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [panel]);
    else group.push(panel);
  }
  const cells = Object.fromEntries(
    CONDITIONS.map((builtOn) => {
      const row = Object.fromEntries(
        CONDITIONS.map((evaluatedOn) => {
          const selected = groups.get(`${builtOn}/${evaluatedOn}`) ?? [];
          const { overall } = balancedAccuracyReport(selected);
          return [evaluatedOn, { ba: overall.ba, tasks: overall.tasks, programs: selected.length }];
        }),
      );
      return [builtOn, row];
    }),
  ) as CrossConditionMatrix['cells'];
  return { cells, panelsWithoutBuildCondition };
}
