import { caseKey } from '../reporters/html/verdict-grid.js';
import type { CaseResult } from '../src/contract/case.js';
import { casesOfTask, caseTitle, type PackCase } from '../src/pack/cases.js';
import type { Pack } from '../src/pack/pack.js';
import { explainCaseItself, explainWithCase } from './case-explanation.js';

/**
 * The matchers' explanation of every recorded case (verifier checks, the deciding
 * reference checks with evidence, the row diff), keyed for the verdict grid. A case the
 * pack no longer has is left out: its cell then shows what the report itself holds. The
 * reporter receives this function from the plugin (it sits below the matchers).
 */
export function explainResults(pack: Pack, results: readonly CaseResult[]): Map<string, string> {
  const explanations = new Map<string, string>();
  const casesByTask = new Map<string, PackCase[]>();
  // Many programs share each case (program sets side by side): explain the case once.
  const caseParts = new Map<PackCase, string>();
  for (const result of results) {
    if (!pack.tasks.some((task) => task.id === result.task)) continue;
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
    const key = caseKey({
      set: result.program.set,
      program: result.program.id,
      task: result.task,
      condition: result.condition,
      kind: result.kind,
      outcome: result.outcome,
    });
    let caseItself = caseParts.get(entry);
    if (caseItself === undefined) {
      caseItself = explainCaseItself({ task, case: entry, title: caseTitle(entry) });
      caseParts.set(entry, caseItself);
    }
    explanations.set(
      key,
      `Verdict: ${result.record.verdict}\n${explainWithCase(result.record, caseItself)}`,
    );
  }
  return explanations;
}
