import type { ConditionName } from '../schema/task.js';
import type { Panel, ProgramUnit, WitnessPair } from './panels.js';

/** Looks up a program × task's panels and witness pair by identity instead of scanning lists. */
export interface UnitIndex {
  primaryPanel(unit: ProgramUnit, condition: ConditionName): Panel | undefined;
  witness(unit: ProgramUnit): WitnessPair | undefined;
}

function keyOf(unit: ProgramUnit): string {
  return JSON.stringify([unit.set, unit.program, unit.task]);
}

export function indexUnits(panels: readonly Panel[], witnesses: readonly WitnessPair[]): UnitIndex {
  const primary = new Map<string, Panel>();
  for (const panel of panels) {
    if (panel.kind === 'primary')
      primary.set(JSON.stringify([keyOf(panel), panel.condition]), panel);
  }
  const pairs = new Map(witnesses.map((w) => [keyOf(w), w]));
  return {
    primaryPanel: (unit, condition) => primary.get(JSON.stringify([keyOf(unit), condition])),
    witness: (unit) => pairs.get(keyOf(unit)),
  };
}
