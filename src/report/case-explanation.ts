import { diff } from 'jest-diff';
import type { EvaluationRecord } from '../contract/record.js';
import type { CaseHandle } from '../pack/pack-handle.js';
import { evaluateReference } from '../reference/evaluate.js';
import type { CheckOutcome } from '../reference/outcome.js';
import { diffStates } from '../state/diff.js';
import { terminalLines, terminalText } from './terminal-text.js';

/** What the verifier answered, on one line: `pass`, `unknown`, or `error (timeout): …`. */
export function verdictLine(record: EvaluationRecord): string {
  // Verifier-supplied strings are shown with their control characters escaped
  // (docs/report.md, "Untrusted strings"): a check name must not erase or colour a line.
  return record.verdict === 'error'
    ? `error (${terminalText(record.kind)}): ${terminalText(record.message)}`
    : terminalText(record.verdict);
}

function verifierSection(record: EvaluationRecord): string[] {
  const lines: string[] = [];
  if (record.checks.length > 0) {
    lines.push('Verifier checks:');
    for (const check of record.checks)
      lines.push(
        `  ${check.ok ? '✓' : '✗'} ${terminalText(check.name)}${check.detail ? ` — ${terminalText(check.detail)}` : ''}`,
      );
  } else {
    lines.push('Verifier checks: none returned');
  }
  if (record.explanation)
    lines.push(`Verifier explanation: ${terminalLines(record.explanation, '  ')}`);
  lines.push(`Operations: ${record.operations}`);
  return lines;
}

/**
 * The reference checks that decide this case: the failing ones for an invalid outcome
 * (what the verifier should have noticed), every check for a valid one (what holds).
 */
function decidingChecks(checks: readonly CheckOutcome[], handle: CaseHandle): CheckOutcome[] {
  if (handle.case.label === 'valid') return [...checks];
  const failing = checks.filter((check) => !check.ok);
  return failing.length > 0 ? failing : [...checks];
}

function referenceSection(handle: CaseHandle): string[] {
  const { before, after } = handle.case;
  const result = evaluateReference(handle.task.reference, before, after);
  const lines = [`Reference (labels this outcome ${result.label}):`];
  for (const check of decidingChecks(result.checks, handle)) {
    lines.push(
      `  ${check.ok ? '✓' : '✗'} ${terminalText(check.name)} [${terminalText(check.category)}] — ${terminalText(check.message)}`,
    );
    lines.push(`      why: ${terminalText(check.reason)}`);
    const { expected, actual, rows } = check.evidence;
    if (expected !== undefined || actual !== undefined)
      lines.push(`      expected ${JSON.stringify(expected)}, actual ${JSON.stringify(actual)}`);
    if (rows && rows.length > 0)
      lines.push(
        `      rows: ${rows.map((row) => `${row.table} ${JSON.stringify(row.key)}`).join(', ')}`,
      );
  }
  for (const error of result.qualificationErrors) lines.push(`  ! ${terminalText(error)}`);
  return lines;
}

function rowDiffSection(handle: CaseHandle): string[] {
  const ignoreFields =
    handle.task.reference.kind === 'declarative'
      ? ((handle.task.reference as { ignoreFields?: string[] }).ignoreFields ?? [])
      : [];
  const changes = diffStates(handle.case.before, handle.case.after, { ignoreFields });
  const lines = ['Row diff (before → after):'];
  const tables = Object.keys(changes).sort();
  if (tables.length === 0) lines.push('  no row changed');
  for (const table of tables) {
    const change = changes[table]!;
    for (const row of change.inserts)
      lines.push(`  + ${terminalText(table)} ${JSON.stringify(row)}`);
    for (const row of change.deletes)
      lines.push(`  - ${terminalText(table)} ${JSON.stringify(row)}`);
    for (const update of change.updates) {
      // Seed values are pack strings: the diff shows them with control characters escaped.
      const pick = (row: Record<string, unknown>) =>
        Object.fromEntries(
          update.fields.map((field) => [
            terminalText(field),
            typeof row[field] === 'string' ? terminalText(row[field]) : row[field],
          ]),
        );
      lines.push(`  ~ ${terminalText(table)} ${JSON.stringify(update.key)}`);
      const text =
        diff(pick(update.before), pick(update.after), {
          aAnnotation: 'Before',
          bAnnotation: 'After',
          omitAnnotationLines: false,
        }) ?? '';
      for (const line of text.split('\n')) lines.push(`    ${line}`);
    }
  }
  return lines;
}

/**
 * Everything a person needs to fix the verifier for one case: what it returned, which
 * reference checks decide the case (with evidence), and the row changes of the outcome.
 */
export function explainCase(handle: CaseHandle, record: EvaluationRecord): string {
  return explainWithCase(record, explainCaseItself(handle));
}

/**
 * The part of a case's explanation that depends on the case alone (the deciding reference
 * checks and the row diff), whichever verifier was evaluated on it: the report's
 * explanations compute it once per case, not once per program (recorded-explanations.ts).
 */
export function explainCaseItself(handle: CaseHandle): string {
  return [...referenceSection(handle), '', ...rowDiffSection(handle)].join('\n');
}

/** A whole explanation from the verifier's record and a case's own part (`explainCaseItself`). */
export function explainWithCase(record: EvaluationRecord, caseItself: string): string {
  return `${verifierSection(record).join('\n')}\n\n${caseItself}`;
}
