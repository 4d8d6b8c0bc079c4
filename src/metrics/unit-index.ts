import type { ConditionName } from '../schema/task.js';
import { type Panel, type ProgramUnit, unitKey, type WitnessPair } from './panels.js';

/** Looks up a program × task's panels and witness pair by identity instead of scanning lists. */
export interface UnitIndex {
  primaryPanel(unit: ProgramUnit, condition: ConditionName): Panel | undefined;
  witness(unit: ProgramUnit): WitnessPair | undefined;
}

export function indexUnits(panels: readonly Panel[], witnesses: readonly WitnessPair[]): UnitIndex {
  const primary = new Map<string, Panel>();
  for (const panel of panels) {
    if (panel.kind === 'primary') primary.set(`${unitKey(panel)}\u0000${panel.condition}`, panel);
  }
  const pairs = new Map(witnesses.map((w) => [unitKey(w), w]));
  return {
    primaryPanel: (unit, condition) => primary.get(`${unitKey(unit)}\u0000${condition}`),
    witness: (unit) => pairs.get(unitKey(unit)),
  };
}
