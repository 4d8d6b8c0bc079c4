import type { MatcherState } from 'vitest';
import { AgentProofBenchError } from '../src/contract/error.js';
import type { EvaluationRecord } from '../src/contract/record.js';
import type { CaseHandle, PanelHandle } from '../src/pack/pack-handle.js';
import { explainCase, verdictLine } from '../src/report/case-explanation.js';
import type { MatcherOutcome } from './judge-case.js';
import {
  describeReceived,
  isEvaluationRecord,
  recordFor,
  type VerifierUnderTest,
} from './verifier-under-test.js';

/** Panel correctness: the verifier passes every valid outcome of the panel and fails every invalid one. */
export async function toClassifyPanel(
  this: MatcherState,
  received: VerifierUnderTest,
  panel: unknown,
): Promise<MatcherOutcome> {
  const given = panel as Partial<PanelHandle> | undefined;
  if (!given || !Array.isArray(given.cases) || !given.task || !given.condition) {
    throw new AgentProofBenchError(
      'APB_MATCHER_INPUT',
      `toClassifyPanel expects a panel from openPack(…), e.g. pack.task('linear_1').panel('related'); received ${String(panel)}`,
      { fix: 'pass a panel handle: pack.task(id).panel(condition)' },
    );
  }
  if (isEvaluationRecord(received))
    throw new AgentProofBenchError(
      'APB_MATCHER_INPUT',
      'toClassifyPanel needs a verifier, not one evaluation record',
      { fix: 'pass the verifier (a path or {module}); a panel needs one record per case' },
    );
  const judged: Array<{ handle: CaseHandle; record: EvaluationRecord; right: boolean }> = [];
  for (const handle of given.cases) {
    const record = await recordFor(received, handle);
    judged.push({
      handle,
      record,
      right: record.verdict === (handle.case.label === 'valid' ? 'pass' : 'fail'),
    });
  }
  const wrong = judged.filter((entry) => !entry.right);
  const title = `${given.task.id} › ${given.condition}`;
  const hint = this.utils.matcherHint('toClassifyPanel', describeReceived(received), title, {
    isNot: this.isNot,
  });
  const summary = judged.map(
    (entry) => `  ${entry.right ? '✓' : '✗'} ${entry.handle.title}: ${verdictLine(entry.record)}`,
  );
  const message = () =>
    [
      hint,
      '',
      `Expected: ${this.isNot ? 'some outcome misclassified' : 'every outcome classified correctly'} on ${title}`,
      `Received: ${judged.length - wrong.length} of ${judged.length} correct`,
      ...summary,
      ...wrong.flatMap((entry) => [
        '',
        `— ${entry.handle.title}`,
        explainCase(entry.handle, entry.record),
      ]),
    ].join('\n');
  return {
    pass: wrong.length === 0,
    message,
    actual: `${judged.length - wrong.length}/${judged.length}`,
    expected: `${judged.length}/${judged.length}`,
  };
}
