import type { Task } from '../schema/task.js';

/**
 * What a task's panels can measure (docs/benchmark.md, Qualification):
 * - `full`: a complete outcome, faults of at least two categories, a related condition and a
 *   witness; qualification tests labels, faults, the moved requirement and the witness.
 * - `natural-only`: nothing but recorded endings and prefixes (`natural`, `prefix`), e.g. an
 *   Agent-Diff test imported without construction; qualifying it only says the reference
 *   labels those endings, never that a verifier's reuse is tested.
 * - `partial`: some of the full task's parts; `missing` names the others.
 */
export type TaskTier = 'full' | 'partial' | 'natural-only';

export const FULL_TASK_PARTS = [
  'complete outcome',
  'faults of two categories',
  'related condition',
  'witness',
] as const;
export type FullTaskPart = (typeof FULL_TASK_PARTS)[number];

export interface TaskTierResult {
  tier: TaskTier;
  /** The parts of a full task this one lacks, in FULL_TASK_PARTS order. */
  missing: FullTaskPart[];
}

export function taskTier(task: Pick<Task, 'outcomes' | 'conditions' | 'witness'>): TaskTierResult {
  const source = task.outcomes.source;
  const categories = new Set(
    source.flatMap((outcome) => (outcome.role === 'fault' && outcome.fault ? [outcome.fault] : [])),
  );
  const present: Record<FullTaskPart, boolean> = {
    'complete outcome': source.some((outcome) => outcome.role === 'complete'),
    'faults of two categories': categories.size >= 2,
    'related condition': task.conditions.related !== undefined,
    witness: task.witness !== undefined,
  };
  const missing = FULL_TASK_PARTS.filter((part) => !present[part]);
  if (missing.length === 0) return { tier: 'full', missing };
  const recordedOnly = Object.values(task.outcomes).every((outcomes) =>
    (outcomes ?? []).every((outcome) => outcome.role === 'natural' || outcome.role === 'prefix'),
  );
  return { tier: recordedOnly ? 'natural-only' : 'partial', missing };
}

/** Tasks per tier, for the one-line summaries of `validate` and `import`. */
export function tierCounts(
  tasks: ReadonlyArray<Pick<Task, 'outcomes' | 'conditions' | 'witness'>>,
): Record<TaskTier, number> {
  const counts: Record<TaskTier, number> = { full: 0, partial: 0, 'natural-only': 0 };
  for (const task of tasks) counts[taskTier(task).tier] += 1;
  return counts;
}
