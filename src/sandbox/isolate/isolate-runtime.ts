import ivm from 'isolated-vm';
import { AgentProofBenchError } from '../../contract/error.js';
import type { EvaluationRecord } from '../../contract/record.js';
import {
  type EvaluationSession,
  unsupportedVerifierOutcome,
  type VerifierOutcome,
} from '../evaluation-session.js';
import { EvaluationSlots } from '../evaluation-slots.js';
import { type Limits, MAX_MESSAGE_SIZE } from '../limits.js';
import { type RuntimeFrame, registerFrame, runEvaluation } from '../run-evaluation.js';
import type { EvaluationInput, IsolationReport, Runtime } from '../runtime-interface.js';
import type { SandboxedVerifierSpec } from '../verifier-spec.js';
import { describeThrown } from '../verify-export.js';
import { BundleCache } from './bundle.js';
import { CodeCache } from './code-cache.js';
import {
  createWarmIsolate,
  dispose,
  IsolatePool,
  takeContext,
  type WarmIsolate,
} from './isolate-pool.js';
import { warnIfNodeSnapshotOn } from './node-snapshot.js';

/**
 * `pooled`: a warm isolate per verifier bundle, a fresh context per evaluation, the isolate
 * disposed after any timeout, memory error or crash. `fresh`: a new isolate per evaluation.
 * Both give the same records (docs/sandbox.md, "Pooled and fresh isolates").
 */
export type IsolationMode = 'pooled' | 'fresh';
export const ISOLATION_MODES: readonly IsolationMode[] = ['pooled', 'fresh'];

export interface IsolateRuntimeOptions {
  /** Reuse V8's code cache between isolates of the same bundle (default true). */
  codeCache?: boolean;
  /** @default 'pooled' */
  isolation?: IsolationMode;
  /**
   * Evaluations running at once; more wait for a slot (their `durationMs` starts when they
   * get one). A verifier runs synchronously on the host's thread, so a second evaluation
   * in flight would only count the first one's time as its own.
   * @default 1
   */
  slots?: number;
}

/** Evaluation outcomes after which the isolate is still sound: the verifier answered or threw. */
function leavesIsolateSound(outcome: VerifierOutcome): boolean {
  return outcome.type === 'returned' || outcome.kind === 'exception';
}

/**
 * Default runtime: a V8 isolate (own heap with a hard limit, no Node API at all) and a
 * fresh context per evaluation, entered by one bundled script. The only ways out are the
 * JSON bridge to the session, which enforces the budget and watches for writes, and the
 * result string.
 */
export class IsolateRuntime implements Runtime {
  readonly name = 'isolate';
  readonly isolation: IsolationReport;
  readonly mode: IsolationMode;
  readonly #bundles = new BundleCache();
  readonly #codeCache: CodeCache;
  readonly #pool: IsolatePool;
  /** Its part of the frame: its slots admit one evaluation at a time by default, whose clock starts once it holds one. */
  readonly #frame: RuntimeFrame;

  constructor(limits: Partial<Limits> = {}, options: IsolateRuntimeOptions = {}) {
    warnIfNodeSnapshotOn();
    this.#codeCache = new CodeCache(options.codeCache ?? true);
    this.#pool = new IsolatePool((isolate, bundle) => this.#codeCache.compile(isolate, bundle));
    this.mode = options.isolation ?? 'pooled';
    if (!ISOLATION_MODES.includes(this.mode))
      throw new AgentProofBenchError(
        'APB_ARGUMENT',
        `unknown isolation ${JSON.stringify(this.mode)}; expected one of ${ISOLATION_MODES.join(', ')}`,
        { fix: 'pass one of the isolation modes the message lists (ISOLATION_MODES)' },
      );
    this.isolation = isolationReport(this.mode);
    this.#frame = {
      limits,
      slots: new EvaluationSlots(options.slots ?? 1),
      run: (spec, _task, session, taskJson) => this.#run(spec, taskJson, session),
    };
    registerFrame(this, this.#frame, IsolateRuntime.prototype.evaluate);
  }

  evaluate(input: EvaluationInput): Promise<EvaluationRecord> {
    return runEvaluation(this.#frame, input);
  }

  async close(): Promise<void> {
    await this.#pool.clear();
    this.#bundles.clear();
    this.#codeCache.clear();
  }

  async #run(
    spec: SandboxedVerifierSpec,
    taskJson: string,
    session: EvaluationSession,
  ): Promise<VerifierOutcome> {
    if (spec.kind !== 'module') return unsupportedVerifierOutcome('isolate', spec.kind);
    const bundle = await this.#bundles.get(spec.path);
    if (!bundle.ok) return { type: 'failed', kind: bundle.kind, message: bundle.message };

    const { timeoutMs, memoryMb } = session.limits;
    const pooled = this.mode === 'pooled';
    let warm: WarmIsolate | undefined;
    let context: ivm.Context | undefined;
    // Plain functions inside the isolate (ivm.Callback), not Reference objects: a fresh
    // context would first build the Reference class, and each call through one costs more
    // (docs/sandbox.md, "Cost"). Neither holds the session past the evaluation: a pooled
    // isolate frees a released context's functions only when it collects.
    let serving: EvaluationSession | undefined = session;
    // Each text in an array of one: copied into the heap, never an external string (guest.ts).
    const bridge = new ivm.Callback(
      (side: unknown, requestJson: unknown) => [
        serving?.serveText(side, requestJson) ?? EVALUATION_OVER,
      ],
      { sync: true },
    );
    let deliver: ((answer: unknown) => void) | undefined;
    const answered = new Promise<unknown>((resolve) => {
      deliver = resolve;
    });
    const done = new ivm.Callback((answer: unknown) => deliver?.(answer), { sync: true });
    const startedAt = performance.now();
    const remainingMs = () => Math.max(1, Math.ceil(timeoutMs - (performance.now() - startedAt)));
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    // One wall-clock deadline for everything inside: module body, synchronous loops, pending
    // promises (disposing the isolate stops it wherever it is).
    const deadline = new Promise<VerifierOutcome>((resolve) => {
      timer = setTimeout(() => {
        timedOut = true;
        if (warm) dispose(warm);
        resolve({ type: 'failed', kind: 'timeout', message: `timed out after ${timeoutMs} ms` });
      }, timeoutMs);
    });
    const execution = (async (): Promise<VerifierOutcome> => {
      try {
        warm = pooled
          ? this.#pool.acquire(bundle, memoryMb)
          : createWarmIsolate(bundle, memoryMb, (isolate, code) =>
              this.#codeCache.compile(isolate, code),
            );
        warm.uses += 1;
        // A fresh context per evaluation, pooled or not: new globals, built-ins and module state.
        context = await takeContext(warm);
        const args = [bridge, [taskJson], done];
        // The bundle's completion value is the guest's `start`: no global lookup the verifier could intercept.
        const start = warm.script.runSync(context, {
          timeout: remainingMs(),
          reference: true,
        }) as ivm.Reference<unknown>;
        if (start?.typeof !== 'function') return missingEntry();
        // Synchronous, on this thread: the verifier's API calls (`bridge` inside)
        // then reach the session directly instead of handing each request and answer
        // between the isolate's thread and this one (docs/sandbox.md, "Cost"). The call
        // returns once the isolate's microtasks have drained, so a verifier that settles
        // has answered by then and a pooled isolate is idle when it goes back to the pool;
        // `timeout` stops synchronous loops and microtask chains alike, and the deadline
        // above catches a promise that never settles.
        start.applySync(undefined, args, { timeout: remainingMs(), arguments: { copy: true } });
        return readGuestAnswer(await answered, memoryMb);
      } catch (error) {
        return classifyIsolateError(error, {
          timedOut,
          timeoutMs,
          memoryMb,
          catastrophe: warm?.catastrophe,
        });
      }
    })();
    let outcome: VerifierOutcome | undefined;
    try {
      outcome = await Promise.race([execution, deadline]);
      return outcome;
    } finally {
      clearTimeout(timer);
      serving = undefined;
      deliver = undefined;
      if (warm) {
        if (!warm.isolate.isDisposed) context?.release();
        const sound = !timedOut && outcome !== undefined && leavesIsolateSound(outcome);
        const takeCodeCache = () => this.#codeCache.takeAfterRun(warm?.isolate, bundle);
        if (pooled && sound) this.#pool.release(bundle, memoryMb, warm, takeCodeCache);
        else {
          if (sound) takeCodeCache();
          dispose(warm);
        }
      }
      // The losing branch settles after disposal; observe it so it is never an unhandled rejection.
      execution.catch(() => undefined);
    }
  }
}

/** The answer to a call once its evaluation has ended (none is expected: the isolate's microtasks drain before `start` returns); the guest parses whatever comes back, so it is still JSON. */
const EVALUATION_OVER = JSON.stringify({
  status: 410,
  headers: { 'content-type': 'application/json' },
  body: { error: 'evaluation_over', message: 'this evaluation has ended' },
});

function isolationReport(mode: IsolationMode): IsolationReport {
  return {
    level: 'isolate',
    measures: [
      mode === 'pooled' ? 'fresh-v8-context-in-warm-isolate' : 'fresh-v8-isolate',
      'memory-limit',
      'timeout-including-pending-promises',
      'no-node-api',
      'node-builtins-denied-at-bundle',
      'pack-files-denied-at-bundle',
      'frozen-clock',
      'no-gc-observers',
      'no-shared-memory-or-webassembly',
      'resizable-buffers-within-memory-limit',
      'external-memory-never-reused',
      'json-only-bridge',
      'fresh-operation-budget',
      'write-detection',
    ],
    // The isolate shares the host process and its CPU; it is not an OS-level sandbox.
    missing: ['separate-os-process', 'cpu-quota'],
  };
}

function missingEntry(): VerifierOutcome {
  return {
    type: 'failed',
    kind: 'malformed',
    message: 'the verifier bundle did not expose the guest entry',
  };
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function readGuestAnswer(answer: unknown, memoryMb: number): VerifierOutcome {
  if (typeof answer === 'string' && answer.length > MAX_MESSAGE_SIZE) {
    return {
      type: 'failed',
      kind: 'malformed',
      message: `the result is larger than ${MAX_MESSAGE_SIZE} characters`,
    };
  }
  const parsed = parseJson(answer) as
    | { type?: unknown; value?: unknown; kind?: unknown; message?: unknown }
    | undefined;
  if (parsed?.type === 'returned') return { type: 'returned', value: parsed.value };
  if (
    parsed?.type === 'failed' &&
    (parsed.kind === 'exception' || parsed.kind === 'malformed' || parsed.kind === 'memory') &&
    typeof parsed.message === 'string'
  ) {
    if (parsed.kind === 'memory')
      return {
        type: 'failed',
        kind: 'memory',
        message: `exceeded the memory limit of ${memoryMb} MB (${parsed.message})`,
      };
    return { type: 'failed', kind: parsed.kind, message: parsed.message };
  }
  // Only a verifier that tampered with the guest's globals (JSON, Promise) gets here.
  return {
    type: 'failed',
    kind: 'malformed',
    message: 'the verifier result could not be read back from the isolate',
  };
}

function classifyIsolateError(
  error: unknown,
  state: {
    timedOut: boolean;
    timeoutMs: number;
    memoryMb: number;
    catastrophe: string | undefined;
  },
): VerifierOutcome {
  const text = describeThrown(error);
  if (state.catastrophe !== undefined)
    return { type: 'failed', kind: 'crash', message: `the isolate failed: ${state.catastrophe}` };
  if (/memory limit|^RangeError: Array buffer allocation failed$/i.test(text))
    return {
      type: 'failed',
      kind: 'memory',
      message: `exceeded the memory limit of ${state.memoryMb} MB`,
    };
  if (state.timedOut || /timed out/i.test(text))
    return { type: 'failed', kind: 'timeout', message: `timed out after ${state.timeoutMs} ms` };
  // A throw in the verifier's top-level code (its module body) reaches us as an ordinary error.
  return { type: 'failed', kind: 'exception', message: text.replace(/^Error: /, '') };
}
