import { agentDiffBoundKind } from './legacy-diff/bound-kind.js';
import { legacyDiffKind } from './legacy-diff/kind.js';
import type { ReferenceKind } from './reference-kind.js';

export type { ReferenceKind } from './reference-kind.js';

// Built-in kinds are registered here so that every pack load and evaluation sees them:
// an imported pack's `legacy-diff` references must evaluate wherever the pack is loaded.
const kinds = new Map<string, ReferenceKind>([
  [legacyDiffKind.kind, legacyDiffKind],
  [agentDiffBoundKind.kind, agentDiffBoundKind],
]);

export function registerReferenceKind(engine: ReferenceKind): void {
  kinds.set(engine.kind, engine);
}

export function getReferenceKind(kind: string): ReferenceKind | undefined {
  return kinds.get(kind);
}

const builtIn: ReadonlyMap<string, ReferenceKind> = new Map(kinds);

/** Kinds registered by the user (also a built-in one replaced): code outside this package. */
export function customReferenceKinds(): string[] {
  return [...kinds].filter(([kind, engine]) => builtIn.get(kind) !== engine).map(([kind]) => kind);
}
