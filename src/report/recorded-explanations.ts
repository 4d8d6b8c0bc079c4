import type { CaseResult } from '../contract/case.js';
import { caseKey, packCaseKey } from '../contract/case-key.js';
import { casesOfTask, caseTitle, type PackCase } from '../pack/cases.js';
import type { Pack } from '../pack/pack.js';
import type { PlanCompanions } from '../run/plan-cache.js';
import type { Task } from '../schema/task.js';
import { explainCaseItself, explainWithCase } from './case-explanation.js';

/**
 * Each case's own part of its explanation (`explainCaseItself`), per pack: many programs
 * share a case (program sets side by side), and the part can be made before any record
 * exists (`prepareCaseExplanations`).
 */
const caseParts = new WeakMap<Pack, Map<string, string>>();

/** The case parts made (or read) so far for this pack. */
function partsOf(pack: Pack): Map<string, string> {
  let parts = caseParts.get(pack);
  if (!parts) {
    parts = new Map();
    caseParts.set(pack, parts);
  }
  return parts;
}

function casePart(pack: Pack, task: Task, entry: PackCase): string {
  const parts = partsOf(pack);
  const id = packCaseKey(entry);
  let part = parts.get(id);
  if (part === undefined) {
    part = explainCaseItself({ task, case: entry, title: caseTitle(entry) });
    parts.set(id, part);
  }
  return part;
}

/** The plan cache companion that keeps the case parts, by case id. */
const STORED_PARTS = 'case-explanations';

/** The stored parts as they were written (an object of strings), or undefined. */
function storedParts(value: unknown): Map<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  if (!entries.every(([, part]) => typeof part === 'string')) return undefined;
  return new Map(entries as Array<[string, string]>);
}

/**
 * Make the case parts of these tasks' explanations in the background, a few cases per turn
 * of the event loop, while the test workers evaluate: the reporter's process only waits
 * then, and would otherwise make them all after the last case (docs/architecture.md).
 * With the plan's cache companions, the parts a run before stored for this pack and this
 * code are read instead of made, and the parts made here are stored for the next run
 * (docs/architecture.md, "One plan per process"); a part that failed is never stored.
 * Resolves when every part is made (and stored); never rejects.
 */
export async function prepareCaseExplanations(
  pack: Pack,
  tasks: readonly string[],
  companions?: PlanCompanions,
): Promise<void> {
  try {
    await prepareParts(pack, tasks, companions);
  } catch {
    // Whatever is left is made (and reported) when the reporter explains the cases.
  }
}

async function prepareParts(
  pack: Pack,
  tasks: readonly string[],
  companions: PlanCompanions | undefined,
): Promise<void> {
  const parts = partsOf(pack);
  const stored = companions ? storedParts(await companions.readCompanion(STORED_PARTS)) : undefined;
  for (const [id, part] of stored ?? []) if (!parts.has(id)) parts.set(id, part);
  const pending = tasks
    .filter((id) => pack.hasTask(id))
    .flatMap((id) => {
      const task = pack.task(id);
      return casesOfTask(pack, task)
        .filter((entry) => !parts.has(packCaseKey(entry)))
        .map((entry) => ({ task, entry }));
    });
  if (pending.length === 0) return;
  await new Promise<void>((done) => {
    const step = () => {
      const until = performance.now() + 5;
      while (pending.length > 0 && performance.now() < until) {
        const next = pending.shift()!;
        try {
          casePart(pack, next.task, next.entry);
        } catch {
          // Made again (and reported) when the reporter explains the case.
        }
      }
      if (pending.length > 0) setImmediate(step).unref();
      else done();
    };
    setImmediate(step).unref();
  });
  // Every part this pack has so far (those of other tasks selected before too), as one file.
  if (companions && [...parts.keys()].some((id) => !stored?.has(id)))
    await companions.writeCompanion(STORED_PARTS, Object.fromEntries(parts));
}

/**
 * The explanation of every recorded case, as the matchers give it (verifier checks, the
 * deciding reference checks with evidence, the row diff), keyed by `caseKey` for the verdict
 * grid. A case the pack no longer has is left out: its cell then shows what the report holds.
 */
export function explainResults(pack: Pack, results: readonly CaseResult[]): Map<string, string> {
  const explanations = new Map<string, string>();
  const casesByTask = new Map<string, PackCase[]>();
  for (const result of results) {
    if (!pack.hasTask(result.task)) continue;
    const task = pack.task(result.task);
    let cases = casesByTask.get(task.id);
    if (cases === undefined) {
      cases = casesOfTask(pack, task);
      casesByTask.set(task.id, cases);
    }
    const entry = cases.find(
      (candidate) =>
        candidate.kind === result.kind &&
        candidate.condition === result.condition &&
        candidate.outcome === result.outcome,
    );
    if (!entry) continue;
    explanations.set(
      caseKey(result),
      `Verdict: ${result.record.verdict}\n${explainWithCase(result.record, casePart(pack, task, entry))}`,
    );
  }
  return explanations;
}
