import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ProgramRef } from '../contract/case.js';
import { AgentProofBenchError } from '../contract/error.js';
import type { ProgramForTask } from '../evaluation/programs.js';
import type { ExecutionChain } from '../execution/chain.js';
import type { GateKind } from '../execution/gate.js';
import { executionHandle, executionTitle } from '../execution/handle.js';
import { GateRecordCache, runGate } from '../execution/run-gate.js';
import type { Pack } from '../pack/pack.js';
import { gateTraceKey } from '../report/execution-input.js';
import type { GateMeta } from '../run/gate-meta.js';
import type { ResolvedOptions } from '../run/options.js';
import type { PlannedTask } from '../run/run-plan.js';
import type { Runtime } from '../sandbox/runtime.js';
import { loadFailureError, loadFailureOf, pointAtVerifier } from './verifier-location.js';

export interface ExecutionCasesInput {
  pack: Pack;
  planned: PlannedTask;
  options: ResolvedOptions;
  runtime: () => Runtime | undefined;
  /** Wraps a program's cases in its describe block when the task has several programs. */
  programLabel: (entry: ProgramForTask) => string | undefined;
}

/**
 * Register the execution study's cases of one task: per recorded run and start point,
 * `task › execution › run › start › program gate` for each program (in TDD mode it asserts
 * that the gate decides as the reference does at every state it checks), and
 * `… › online gate` when the run has an online gate (it only records). One record cache
 * per program and task, so identical states are evaluated once.
 */
export function registerExecutionCases(input: ExecutionCasesInput): void {
  const { pack, planned, options } = input;
  const { chains, problems } = planned.executions;
  for (const problem of problems) {
    test.skip(`${problem.task} › execution › ${problem.run} › ${problem.start} › excluded from scoring: ${problem.message}`, () => {});
  }
  if (chains.length === 0) return;
  const registerGate = (entry: ProgramForTask, gate: GateKind, cache: GateRecordCache) => {
    for (const chain of chains) registerStartPoint(chain, entry.program, entry.module, gate, cache);
  };
  for (const entry of planned.programs) {
    const cache = new GateRecordCache();
    const label = input.programLabel(entry);
    if (label) describe(label, () => registerGate(entry, 'program', cache));
    else registerGate(entry, 'program', cache);
  }
  if (planned.onlineGate) registerGate(planned.onlineGate, 'online', new GateRecordCache());

  function registerStartPoint(
    chain: ExecutionChain,
    program: ProgramRef,
    module: string,
    gate: GateKind,
    cache: GateRecordCache,
  ): void {
    const plannedKey = gateTraceKey({ gate, program, ...chain });
    test(executionTitle(chain, gate), { meta: { agentproofbenchPlanned: plannedKey } }, async ({
      task: testCase,
    }) => {
      const runtime = input.runtime();
      if (!runtime)
        throw new AgentProofBenchError(
          'APB_HARNESS',
          'the agentproofbench runtime did not start (see the beforeAll error)',
          { fix: 'read the beforeAll error of this file: the runtime failed to start' },
        );
      const trace = await runGate({
        pack,
        task: planned.task,
        chain,
        gate,
        program,
        module,
        runtime,
        limits: options.limits,
        cache,
      });
      const meta: GateMeta = { project: options.name, trace };
      testCase.meta.agentproofbenchGate = meta;
      const crash = trace.checks.find(
        (check) => check.record.verdict === 'error' && check.record.kind === 'crash',
      );
      if (crash?.record.verdict === 'error') {
        throw new AgentProofBenchError(
          'APB_HARNESS',
          `agentproofbench could not evaluate ${path.basename(module)} at ${crash.state}: ${crash.record.message}`,
          { fix: 'the verifier is not at fault; read the cause in the message' },
        );
      }
      if (options.mode === 'tdd' && gate === 'program') {
        // The gate is the user's verifier: a failure points at it, not at this file.
        for (const check of trace.checks) {
          const load = loadFailureOf(check.record, module);
          if (load) throw loadFailureError(load, module);
        }
        try {
          expect(trace).toGateLikeReference(executionHandle(pack, planned.task, chain));
        } catch (error) {
          throw pointAtVerifier(error, module);
        }
      }
    });
  }
}
