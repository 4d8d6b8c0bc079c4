// Hand-made chains and gate records for the replay tests: labels and usage written out, no pack.
import type { EvaluationRecord } from '../../src/contract/record.js';
import type { ExecutionChain } from '../../src/execution/chain.js';
import type { GateCheck, GateTrace, GateVerdict } from '../../src/execution/gate.js';
import { CHAIN_STATE_IDS, type ChainStateId } from '../../src/pack/execution-states.js';
import type { StartPointName, Usage } from '../../src/schema/execution.js';
import type { Label } from '../../src/schema/task.js';

export type StateSpec = Label | `${Label}?`;

/** A chain from five labels (`valid?` marks an unresolved stage); each stage costs the same. */
export function chain(
  labels: Partial<Record<ChainStateId, StateSpec>>,
  options: {
    start?: StartPointName;
    task?: string;
    family?: string;
    run?: string;
    cost?: boolean;
  } = {},
): ExecutionChain {
  const usage = (id: ChainStateId): Usage | null =>
    id === 'start'
      ? null
      : {
          turns: 2,
          operations: 5,
          writesIssued: 2,
          writesSucceeded: 1,
          ...(options.cost === false ? {} : { cost: 0.01 }),
        };
  const states = Object.fromEntries(
    CHAIN_STATE_IDS.map((id) => {
      const spec = labels[id] ?? 'invalid';
      const label = spec.replace('?', '') as Label;
      return [
        id,
        {
          id,
          fingerprint: `${id}:${spec}`,
          label,
          failing: label === 'valid' ? [] : ['some reference check'],
          unresolved: spec.endsWith('?'),
          usage: usage(id),
          description: `state ${id}`,
        },
      ];
    }),
  ) as ExecutionChain['states'];
  return {
    task: options.task ?? 't1',
    family: options.family ?? options.task ?? 't1',
    run: options.run ?? 'run-a',
    actor: 'actor-a',
    start: options.start ?? 'natural',
    condition: 'related',
    states,
  };
}

export function record(verdict: GateVerdict, operations = 3): EvaluationRecord {
  const base = { durationMs: 1, operations, checks: [] };
  return verdict === 'error'
    ? { ...base, verdict, kind: 'exception', message: 'TypeError: boom' }
    : { ...base, verdict };
}

/** Checks of a gate at the states of its walk, in order. */
export function checks(verdicts: Partial<Record<ChainStateId, GateVerdict>>): GateCheck[] {
  return (['start', 'rejected.1', 'rejected.2'] as const)
    .filter((id) => verdicts[id] !== undefined)
    .map((id) => ({ state: id, fingerprint: id, record: record(verdicts[id]!), reused: false }));
}

export function trace(
  of: ExecutionChain,
  verdicts: Partial<Record<ChainStateId, GateVerdict>>,
  program = 'p1',
  set = 'default',
  gate: GateTrace['gate'] = 'program',
): GateTrace {
  return {
    gate,
    program: { id: program, set },
    task: of.task,
    family: of.family,
    run: of.run,
    start: of.start,
    checks: checks(verdicts),
  };
}
