import os from 'node:os';
import { Bench, type Task } from 'tinybench';
import { AgentProofBenchError } from '../contract/error.js';
import type { ErrorKind, EvaluationRecord } from '../contract/record.js';
import { evaluateCase } from '../evaluation/evaluate-case.js';
import type { ProgramForTask } from '../evaluation/programs.js';
import { panelCase } from '../pack/cases.js';
import type { Pack } from '../pack/pack.js';
import type { Limits } from '../sandbox/limits.js';
import type { IsolationReport, Runtime, RuntimeName } from '../sandbox/runtime.js';
import type { StateRef } from '../schema/manifest.js';
import { percentile } from './percentile.js';

export interface LatencyProfileOptions {
  pack: Pack;
  /** One program per task of the panel (the first found is timed when a task has several). */
  programs: readonly ProgramForTask[];
  runtime: Runtime;
  /** States to time; default the pack's timing panel from its manifest. */
  panel?: readonly StateRef[];
  /** Timed evaluations per state. @default 10 */
  iterations?: number;
  /**
   * Untimed evaluations of each state (bundling, JIT, pooled isolates): this many rounds
   * over the whole panel first, then this many of each state right before it is timed.
   * @default 2
   */
  warmupIterations?: number;
  limits?: Partial<Limits>;
}

/** Latency of one panel state; times in milliseconds, throughput in evaluations per second. */
export interface StateLatency extends StateRef {
  program: string;
  samples: number;
  medianMs: number;
  p75Ms: number;
  p99Ms: number;
  meanMs: number;
  throughputPerSec: number;
  /** Operations the verifier used in one evaluation (the same in every iteration). */
  operations: number;
  /** Verdict of the last timed evaluation, so a profile of failing evaluations is visible. */
  verdict: EvaluationRecord['verdict'];
  errorKind?: ErrorKind;
  /** The Error record's message, when the last evaluation errored. */
  errorMessage?: string;
}

export interface SkippedState extends StateRef {
  reason: string;
}

/** A latency profile over a panel: each state timed as independent evaluations, fresh sandbox each. */
export interface LatencyProfile {
  pack: { name: string; version: string };
  panel: string;
  runtime: RuntimeName;
  isolation: IsolationReport;
  iterations: number;
  states: StateLatency[];
  skipped: SkippedState[];
  overall: {
    evaluations: number;
    medianMs: number;
    p75Ms: number;
    p99Ms: number;
    /** Evaluations per second over all timed samples (1000 / mean latency). */
    throughputPerSec: number;
    medianOperations: number;
  };
  environment: { node: string; platform: string; cpus: number };
}

/**
 * Time a verifier on a panel of states with tinybench. Every iteration is one complete
 * evaluation (fresh replicas, budget and sandbox), as in a real run.
 */
export async function profileLatency(options: LatencyProfileOptions): Promise<LatencyProfile> {
  const { pack, runtime } = options;
  const panel = options.panel ?? pack.manifest.timingPanel;
  const iterations = options.iterations ?? 10;
  const warmupIterations = options.warmupIterations ?? 2;
  const skipped: SkippedState[] = [];
  const planned: Array<{
    ref: StateRef;
    program: ProgramForTask;
    evaluate: () => Promise<EvaluationRecord>;
  }> = [];
  for (const ref of panel) {
    const program = options.programs.find((candidate) => candidate.task === ref.task);
    if (!pack.hasTask(ref.task)) {
      skipped.push({ ...ref, reason: 'task not in the pack' });
      continue;
    }
    if (!program) {
      skipped.push({ ...ref, reason: 'no verifier program for this task' });
      continue;
    }
    const entry = panelCase(pack, ref);
    if (!entry) {
      skipped.push({ ...ref, reason: 'outcome not in the task' });
      continue;
    }
    const task = pack.task(ref.task);
    const evaluate = async () =>
      (
        await evaluateCase({
          runtime,
          task,
          case: entry,
          program: program.program,
          module: program.module,
          limits: options.limits,
        })
      ).record;
    planned.push({ ref, program, evaluate });
  }
  // Warm-up in two steps (docs/sandbox.md, "Pooled and fresh isolates"): a round over the
  // whole panel first, so the first state timed does not also time the process's own
  // start (the host's code compiled, every verifier bundled); then each state again right
  // before its timed iterations, because the round's later states evicted this verifier's
  // pooled isolates, and making them again belongs in a warm-up, not in the samples.
  for (let round = 0; round < warmupIterations; round += 1)
    for (const { evaluate } of planned) await evaluate();
  const timed: Array<{
    ref: StateRef;
    program: ProgramForTask;
    last: { record?: EvaluationRecord };
    result: Task['result'];
    name: string;
  }> = [];
  for (const { ref, program, evaluate } of planned) {
    const last: { record?: EvaluationRecord } = {};
    // One bench per state, so its warm-up runs right before its timed iterations.
    const bench = new Bench({
      name: 'latency',
      iterations,
      time: 0,
      warmup: true,
      warmupIterations,
      warmupTime: 0,
      retainSamples: true,
      throws: true,
    });
    const name = `${ref.task}/${ref.condition}/${ref.outcome}`;
    bench.add(name, async () => {
      last.record = await evaluate();
    });
    await bench.run();
    timed.push({ ref, program, last, result: bench.tasks[0]!.result, name });
  }

  const states: StateLatency[] = [];
  const allSamples: number[] = [];
  for (const { ref, program, last, result, name } of timed) {
    if (result.state !== 'completed')
      throw new AgentProofBenchError(
        'APB_HARNESS',
        `timing ${name} did not complete: ${result.state}`,
        { fix: 'read the cause in the message; the timing could not complete' },
      );
    const samples = [...(result.latency.samples ?? [])];
    allSamples.push(...samples);
    const record = last.record!;
    states.push({
      ...ref,
      program: program.program.id,
      samples: result.latency.samplesCount,
      medianMs: result.latency.p50,
      p75Ms: result.latency.p75,
      p99Ms: result.latency.p99,
      meanMs: result.latency.mean,
      throughputPerSec: result.throughput.mean,
      operations: record.operations,
      verdict: record.verdict,
      ...(record.verdict === 'error'
        ? { errorKind: record.kind, errorMessage: record.message }
        : {}),
    });
  }
  const sorted = allSamples.sort((a, b) => a - b);
  const operations = states.map((state) => state.operations).sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return {
    pack: { name: pack.manifest.name, version: pack.manifest.version },
    panel: options.panel ? 'custom' : 'timing',
    runtime: runtime.name,
    isolation: runtime.isolation,
    iterations,
    states,
    skipped,
    overall: {
      evaluations: sorted.length,
      medianMs: percentile(sorted, 0.5),
      p75Ms: percentile(sorted, 0.75),
      p99Ms: percentile(sorted, 0.99),
      throughputPerSec: sorted.length > 0 ? 1000 / mean : 0,
      medianOperations: percentile(operations, 0.5),
    },
    environment: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: os.cpus().length,
    },
  };
}
