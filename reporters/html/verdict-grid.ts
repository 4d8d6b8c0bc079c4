import { caseKey } from '../../src/contract/case-key.js';
import type { ReportOutcome, ReportTask } from '../../src/report/report-schema.js';
import { CONDITIONS } from '../../src/schema/task.js';
import type { CaseSink } from './case-data.js';
import { escapeHtml } from './escape.js';

/** How a verdict stands against the label: the colour of its cell. */
export type CellClass = 'correct' | 'false-accept' | 'false-reject' | 'unknown' | 'error';

export function cellClass(
  verdict: ReportOutcome['verdict'],
  label: 'valid' | 'invalid',
): CellClass {
  if (verdict === 'error') return 'error';
  if (verdict === 'unknown') return 'unknown';
  if (verdict === 'pass') return label === 'valid' ? 'correct' : 'false-accept';
  return label === 'invalid' ? 'correct' : 'false-reject';
}

type Side = NonNullable<NonNullable<ReportTask['witness']>['source']>;

/** What the report alone says about a case, when the pack is not at hand to explain more. */
export function reportOnlyExplanation(side: Side | ReportOutcome): string {
  const lines = [
    `Verdict: ${side.verdict === 'error' ? `error (${side.errorKind}): ${side.errorMessage}` : side.verdict}`,
  ];
  if (side.checks.length > 0) {
    lines.push('Verifier checks:');
    for (const check of side.checks)
      lines.push(
        `  ${check.ok ? '✓' : '✗'} ${check.name}${check.detail ? ` — ${check.detail}` : ''}`,
      );
  } else lines.push('Verifier checks: none returned');
  if (side.explanation) lines.push(`Verifier explanation: ${side.explanation}`);
  lines.push(`Operations: ${side.operations}; ${side.durationMs.toFixed(1)} ms`);
  return lines.join('\n');
}

function cell(
  caseId: string,
  verdict: ReportOutcome['verdict'],
  label: 'valid' | 'invalid',
  title: string,
): string {
  const kind = cellClass(verdict, label);
  return `<td><button type="button" class="cell ${kind}" data-case="${caseId}" data-verdict="${verdict}" data-class="${kind}" title="${escapeHtml(`${title}: ${verdict} on ${label} (${kind})`)}">${verdict}</button></td>`;
}

/**
 * One task's grid for one program: outcomes (rows) × conditions (columns), witness last.
 * Cells are buttons that open the case explanation; `opened` collects what each cell opens
 * (the pack's full explanation from `explanations` when given, else what the report holds).
 */
export function verdictGrid(
  task: ReportTask,
  explanations: ReadonlyMap<string, string>,
  opened: CaseSink,
): string {
  const conditions = CONDITIONS.filter((condition) => task.conditions[condition]);
  const rows: string[] = [];
  const outcomeIds: string[] = [];
  for (const condition of conditions)
    for (const outcome of task.conditions[condition]!.outcomes)
      if (!outcomeIds.includes(outcome.id)) outcomeIds.push(outcome.id);
  const base = { program: { set: task.set, id: task.program }, task: task.id };
  for (const id of outcomeIds) {
    const cells = conditions.map((condition) => {
      const outcome = task.conditions[condition]!.outcomes.find((entry) => entry.id === id);
      if (!outcome) return '<td class="none"></td>';
      const key = caseKey({ ...base, condition, kind: 'panel', outcome: id });
      const title = `${task.id} › ${condition} › ${outcome.role}${outcome.fault ? ` (${outcome.fault})` : ''}: ${outcome.description}`;
      const caseId = opened.add(key, {
        title,
        text: explanations.get(key) ?? reportOnlyExplanation(outcome),
      });
      return cell(caseId, outcome.verdict, outcome.label, title);
    });
    const role = conditions
      .map((condition) => task.conditions[condition]!.outcomes.find((entry) => entry.id === id))
      .find(Boolean);
    rows.push(
      `<tr><th scope="row">${escapeHtml(id)}<span class="role">${escapeHtml(role?.role ?? '')}${role?.fault ? ` · ${escapeHtml(role.fault)}` : ''}</span></th>${cells.join('')}</tr>`,
    );
  }
  const witness = task.witness;
  if (witness) {
    const cells = conditions.map((condition) => {
      const side =
        condition === 'source' ? witness.source : condition === 'related' ? witness.replay : null;
      if (!side) return '<td class="none"></td>';
      const kind = condition === 'source' ? 'witness-source' : 'witness-replay';
      const key = caseKey({ ...base, condition, kind, outcome: witness.decision });
      const label = condition === 'source' ? 'valid' : 'invalid';
      const title = `${task.id} › witness ${condition === 'source' ? 'source decision' : 'related replay'}`;
      const caseId = opened.add(key, {
        title,
        text: explanations.get(key) ?? reportOnlyExplanation(side),
      });
      return cell(caseId, side.verdict, label, title);
    });
    rows.push(
      `<tr class="witness"><th scope="row">witness<span class="role">${escapeHtml(witness.decision)}</span></th>${cells.join('')}</tr>`,
    );
  }
  const joint = task.jointCorrect === null ? 'n/a' : task.jointCorrect ? 'yes' : 'no';
  return `<table class="grid" data-task="${escapeHtml(task.id)}" data-program="${escapeHtml(task.program)}">
<caption>${escapeHtml(task.id)} <span class="muted">${escapeHtml(task.set)}: ${escapeHtml(task.program)}${task.builtOn ? `, built on ${task.builtOn}` : ''} · jointly correct: ${joint}</span></caption>
<thead><tr><th></th>${conditions.map((c) => `<th scope="col">${c}${task.conditions[c]!.basis && task.conditions[c]!.basis !== 'both' ? ` <span class="half">(${task.conditions[c]!.basis})</span>` : ''}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}
