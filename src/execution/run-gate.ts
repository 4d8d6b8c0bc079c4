import type { ProgramRef } from '../contract/case.js';
import { AgentProofBenchError } from '../contract/error.js';
import { publicTaskOf } from '../contract/public-task.js';
import type { EvaluationRecord } from '../contract/record.js';
import type { ChainStateId } from '../pack/execution-states.js';
import { startPointStates } from '../pack/execution-states.js';
import type { Pack } from '../pack/pack.js';
import type { Limits } from '../sandbox/limits.js';
import type { Runtime } from '../sandbox/runtime.js';
import type { Task } from '../schema/task.js';
import { createReplica } from '../services/registry.js';
import type { ExecutionChain } from './chain.js';
import {
  type GateCheck,
  type GateKind,
  type GateTrace,
  type GateVerdict,
  nextGateCheck,
} from './gate.js';

/**
 * Records of gate checks already made, by program and state content: an identical state
 * (an idempotent continuation, a start point two runs share) is evaluated once per program.
 */
export class GateRecordCache {
  readonly #records = new Map<string, Promise<EvaluationRecord>>();
  /** Evaluations actually run (cache misses). */
  evaluations = 0;

  get(
    key: string,
    evaluate: () => Promise<EvaluationRecord>,
  ): { record: Promise<EvaluationRecord>; reused: boolean } {
    const cached = this.#records.get(key);
    if (cached) return { record: cached, reused: true };
    this.evaluations += 1;
    const record = evaluate();
    this.#records.set(key, record);
    return { record, reused: false };
  }
}

export interface GateRunOptions {
  pack: Pack;
  task: Task;
  chain: ExecutionChain;
  gate: GateKind;
  program: ProgramRef;
  /** The gate verifier's module. */
  module: string;
  runtime: Runtime;
  limits?: Partial<Limits>;
  cache?: GateRecordCache;
}

/**
 * Walk one gate over one start point: each check is one ordinary evaluation in the
 * runtime (fresh replicas of the condition's before-state and the checked state, fresh
 * operation budget, the same limits and error kinds as a panel case). The walk stops where
 * the replay would: on Pass, at an unresolved stage, or after three checks.
 */
export async function runGate(options: GateRunOptions): Promise<GateTrace> {
  const { pack, task, chain, runtime, program } = options;
  const cache = options.cache ?? new GateRecordCache();
  const run = pack.executions.get(task.id)?.runs.find((entry) => entry.id === chain.run);
  if (!run)
    throw new AgentProofBenchError(
      'APB_UNKNOWN_CASE',
      `task ${task.id} has no recorded run "${chain.run}"`,
      { fix: 'take the chain from chainsOfTask on the same pack' },
    );
  const { before, states } = startPointStates(pack, task, run, chain.start);
  const publicTask = publicTaskOf(task);
  const verdicts = new Map<ChainStateId, GateVerdict>();
  const checks: GateCheck[] = [];
  for (
    let id = nextGateCheck(chain, verdicts);
    id !== undefined;
    id = nextGateCheck(chain, verdicts)
  ) {
    const state = chain.states[id];
    const key = JSON.stringify([
      program.set,
      program.id,
      options.module,
      chain.condition,
      state.fingerprint,
    ]);
    const after = states[id];
    const { record, reused } = cache.get(key, () =>
      runtime.evaluate({
        verifier: options.module,
        task: publicTask,
        before: createReplica(task.service, before, task.actor),
        after: createReplica(task.service, after, task.actor),
        ...(options.limits ? { limits: options.limits } : {}),
      }),
    );
    const settled = await record;
    verdicts.set(id, settled.verdict);
    checks.push({ state: id, fingerprint: state.fingerprint, record: settled, reused });
  }
  return {
    gate: options.gate,
    program,
    task: chain.task,
    family: chain.family,
    run: chain.run,
    start: chain.start,
    checks,
  };
}
