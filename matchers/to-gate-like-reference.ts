import type { MatcherState } from 'vitest';
import { AgentProofBenchError } from '../src/contract/error.js';
import type { GateTrace } from '../src/execution/gate.js';
import type { ExecutionHandle } from '../src/execution/handle.js';
import { replayVerifierGate } from '../src/execution/replay.js';
import type { ChainStateId } from '../src/pack/execution-states.js';
import { verdictLine } from '../src/report/case-explanation.js';
import { terminalText } from '../src/report/terminal-text.js';
import { diffStates } from '../src/state/diff.js';
import type { MatcherOutcome } from './judge-case.js';

const referenceVerdictOf = (label: 'valid' | 'invalid') => (label === 'valid' ? 'pass' : 'fail');

/** The rows a stage changed, one line per row: `issues {"id":"…"}: stateId "a" → "b"`. */
function rowChanges(
  handle: ExecutionHandle,
  from: ChainStateId | 'before',
  to: ChainStateId,
): string[] {
  const diff = diffStates(
    from === 'before' ? handle.before : handle.states[from],
    handle.states[to],
  );
  const lines: string[] = [];
  for (const [table, changes] of Object.entries(diff)) {
    for (const row of changes.inserts) lines.push(`      + ${table} ${JSON.stringify(row)}`);
    for (const update of changes.updates) {
      const fields = update.fields
        .map(
          (field) =>
            `${field} ${JSON.stringify(update.before[field] ?? null)} → ${JSON.stringify(update.after[field] ?? null)}`,
        )
        .join(', ');
      lines.push(`      ~ ${table} ${JSON.stringify(update.key)}: ${fields}`);
    }
    for (const row of changes.deletes) lines.push(`      - ${table} ${JSON.stringify(row)}`);
  }
  return lines.length > 0 ? lines : ['      (no row changed)'];
}

const previousOf: Record<ChainStateId, ChainStateId | 'before'> = {
  start: 'before',
  'neutral.1': 'start',
  'neutral.2': 'neutral.1',
  'rejected.1': 'start',
  'rejected.2': 'rejected.1',
};

/**
 * `expect(trace).toGateLikeReference(start)`: the gate decided as the reference gate would
 * at every state it checked (Pass where the reference labels the state valid, Fail where
 * invalid; Unknown and Error never agree). The message shows the chain of states, each
 * verdict against the reference label, the failing reference checks and the rows each
 * stage changed.
 */
export function toGateLikeReference(
  this: MatcherState,
  received: GateTrace,
  start: ExecutionHandle,
): MatcherOutcome {
  if (!start?.chain || !Array.isArray(received?.checks) || typeof received.gate !== 'string') {
    throw new AgentProofBenchError(
      'APB_MATCHER_INPUT',
      'toGateLikeReference: expect(trace).toGateLikeReference(start) needs a gate trace (from runGate) and an execution handle (from executionHandle)',
      { fix: 'pass runGate(…) to expect and executionHandle(…) to the matcher' },
    );
  }
  const { chain } = start;
  const checks = received.checks.map((check) => {
    const state = chain.states[check.state];
    return { check, state, agrees: check.record.verdict === referenceVerdictOf(state.label) };
  });
  const pass = checks.length > 0 && checks.every((entry) => entry.agrees);
  const gateName = `${received.gate} gate`;
  const hint = this.utils.matcherHint('toGateLikeReference', gateName, start.title, {
    isNot: this.isNot,
  });
  const message = () => {
    const outcome = replayVerifierGate(
      chain,
      received.gate === 'program' ? 'program-gate' : 'online-gate',
      received.checks,
    );
    const lines = [
      hint,
      '',
      `Expected: the ${gateName} ${this.isNot ? 'not ' : ''}to decide as the reference gate at every state it checks`,
      `Received: ${checks.filter((entry) => !entry.agrees).length} of ${checks.length} check(s) disagree with the reference`,
      '',
      `Chain of ${start.title} (started from ${chain.condition}, run by ${chain.actor}):`,
    ];
    for (const { check, state, agrees } of checks) {
      const mistake = agrees
        ? ''
        : check.record.verdict === 'pass'
          ? ' (false acceptance)'
          : state.label === 'valid'
            ? ' (rejects a valid state)'
            : '';
      lines.push(
        `  ${agrees ? '✓' : '✗'} ${check.state.padEnd(10)} gate ${verdictLine(check.record)}; reference labels it ${state.label}${mistake}${check.reused ? ' [record of an identical state]' : ''}`,
      );
      lines.push(`      ${terminalText(state.description)}`);
      if (state.failing.length > 0)
        lines.push(`      failing reference checks: ${state.failing.map(terminalText).join('; ')}`);
      lines.push(...rowChanges(start, previousOf[check.state], check.state));
    }
    lines.push(
      '',
      `Delivery: ${outcome.kind}${outcome.delivered ? ` (${outcome.delivered})` : ''}; final state ${outcome.final} is ${outcome.finalValid ? 'valid' : 'invalid'}${outcome.regression ? '; a regression (the start state was valid)' : ''}${outcome.repair ? '; a repair' : ''}`,
    );
    return lines.join('\n');
  };
  return {
    pass,
    message,
    actual: checks.map((entry) => `${entry.check.state}: ${entry.check.record.verdict}`).join('\n'),
    expected: checks
      .map((entry) => `${entry.check.state}: ${referenceVerdictOf(entry.state.label)}`)
      .join('\n'),
  };
}
