import type { CaseResult } from '../contract/case.js';
import { AgentProofBenchError } from '../contract/error.js';
import type { EvaluationRecord } from '../contract/record.js';
import { CONDITIONS } from '../schema/task.js';
import { type Report, type ReportOutcome, ReportSchema } from './report-schema.js';

/** One evaluated side of a report: a panel outcome or a witness case. */
type Side = Pick<
  ReportOutcome,
  | 'verdict'
  | 'errorKind'
  | 'errorMessage'
  | 'durationMs'
  | 'operations'
  | 'checks'
  | 'explanation'
  | 'usage'
>;

function recordOf(side: Side): EvaluationRecord {
  const base = {
    durationMs: side.durationMs,
    operations: side.operations,
    checks: side.checks.map((check) => ({ ...check })),
    ...(side.explanation !== null ? { explanation: side.explanation } : {}),
    ...(side.usage ? { usage: { ...side.usage } } : {}),
  };
  if (side.verdict !== 'error') return { ...base, verdict: side.verdict };
  if (side.errorKind === null)
    throw new AgentProofBenchError(
      'APB_REPORT_INPUT',
      'a report outcome with verdict "error" has no errorKind',
      { fix: 'pass a report as a run wrote it: every error outcome names its errorKind' },
    );
  return { ...base, verdict: 'error', kind: side.errorKind, message: side.errorMessage ?? '' };
}

/**
 * The evaluation records a saved report holds, so metrics can be recomputed from it
 * (`compare`): verdicts, error kinds, durations, operations, the build condition, and the
 * verifier's (bounded) checks and explanation.
 */
export function resultsFromReport(value: unknown): CaseResult[] {
  const parsed = ReportSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AgentProofBenchError(
      'APB_REPORT_INPUT',
      `not an agentproofbench report (${issue ? `$${issue.path.map((key) => `.${String(key)}`).join('')}: ${issue.message}` : 'invalid'})`,
      { fix: 'pass the JSON report a run wrote (its outputFile), unedited', cause: parsed.error },
    );
  }
  const report: Report = parsed.data;
  const results: CaseResult[] = [];
  for (const task of report.tasks) {
    const common = {
      task: task.id,
      family: task.family,
      program: {
        id: task.program,
        set: task.set,
        ...(task.builtOn !== null ? { builtOn: task.builtOn } : {}),
      },
    };
    for (const condition of CONDITIONS) {
      for (const outcome of task.conditions[condition]?.outcomes ?? []) {
        results.push({
          ...common,
          kind: 'panel',
          condition,
          outcome: outcome.id,
          role: outcome.role,
          label: outcome.label,
          ...(outcome.fault ? { fault: outcome.fault } : {}),
          description: outcome.description,
          record: recordOf(outcome),
        });
      }
    }
    const witness = task.witness;
    if (!witness) continue;
    const shared = { ...common, outcome: witness.decision, role: witness.role };
    if (witness.source) {
      results.push({
        ...shared,
        kind: 'witness-source',
        condition: 'source',
        label: 'valid',
        description: witness.description,
        record: recordOf(witness.source),
      });
    }
    if (witness.replay) {
      results.push({
        ...shared,
        kind: 'witness-replay',
        condition: 'related',
        label: 'invalid',
        description: 'the source decision replayed on related',
        record: recordOf(witness.replay),
      });
    }
  }
  return results;
}
