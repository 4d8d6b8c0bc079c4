import ivm from 'isolated-vm';
import type { VerifierBundle } from './bundle.js';

/** One warm isolate of one bundle: its heap limit, the bundle compiled once, and its failure hook. */
export interface WarmIsolate {
  readonly isolate: ivm.Isolate;
  /** The bundle compiled in this isolate; run in a fresh context per evaluation. */
  readonly script: ivm.Script;
  /** Set by V8's catastrophic-error hook; an isolate that saw one is never reused. */
  catastrophe: string | undefined;
  uses: number;
  /**
   * Bytes isolated-vm counts outside the heap while nothing of an evaluation is left: the
   * compiled bundle's source. More (an ArrayBuffer) or less after an evaluation, and the
   * isolate is not reused.
   */
  externalBytes: number;
  /** The fresh context the next evaluation gets, being made since the last one ended (pooled only). */
  next: NextContext | undefined;
}

/** A context V8 makes on the isolate's own thread; no code has entered it. */
interface NextContext {
  readonly context: Promise<ivm.Context | undefined>;
  /** Set once the context exists, so the pool can prefer an isolate whose context is ready. */
  ready: boolean;
}

/** Idle isolates one bundle keeps: enough for the evaluations of one task that overlap. */
const IDLE_PER_BUNDLE = 2;
/**
 * Isolates one bundle takes turns on when evaluations come one after another: while one
 * evaluates, V8 makes the next fresh context of the other on that isolate's own thread
 * (docs/sandbox.md, "Pooled and fresh isolates"), so a new context (about 0.3 ms, V8's own
 * floor) is no longer made while an evaluation waits for it.
 */
const TURN_TAKERS = 2;
/** Idle isolates over all bundles, least recently used dropped first: cases of one task run together, so a few suffice, and each idle heap costs RSS (bench/scale.bench.ts). */
const IDLE_TOTAL = 2;
/** Evaluations before an isolate is replaced, so neither its heap nor its caches grow without bound. */
const MAX_USES = 500;
/**
 * Heap (bytes V8 reserved for it) past which an isolate is replaced rather than pooled
 * again: released contexts stay on a pooled heap until V8 collects, which it does lazily
 * under a high `memoryMb`, so a busy isolate would otherwise grow to tens of MB (peak RSS,
 * bench/scale.bench.ts). A verifier's two turn-takers each hold up to this much: 6 MB kept
 * 10,000 evaluations at 338-394 MB peak where 8 MB gave 330-404 MB. A new isolate costs
 * about a millisecond.
 */
const MAX_POOLED_HEAP_BYTES = 6 * 2 ** 20;

/**
 * Warm isolates keyed by bundle hash and heap limit, so one is never shared between
 * verifiers (nor between limits, which are fixed when an isolate is made). The caller
 * gives each evaluation a fresh context and returns the isolate only when the
 * evaluation ended normally; after a timeout, a memory error or a crash it disposes it
 * (docs/sandbox.md, "Pooled and fresh isolates").
 */
export class IsolatePool {
  /** Idle isolates per key, most recently used last; Map order is least recently used first. */
  readonly #idle = new Map<string, WarmIsolate[]>();
  #idleCount = 0;

  constructor(readonly compile: (isolate: ivm.Isolate, bundle: VerifierBundle) => ivm.Script) {}

  /**
   * An idle isolate of this bundle and limit: one whose next context is ready, else the one
   * idle longest once the bundle has its turn-takers; otherwise a new one.
   */
  acquire(bundle: VerifierBundle, memoryMb: number): WarmIsolate {
    const key = poolKey(bundle, memoryMb);
    const idle = this.#idle.get(key);
    if (idle !== undefined) {
      const ready = idle.findIndex((warm) => warm.next?.ready === true);
      const at = ready >= 0 ? ready : idle.length >= TURN_TAKERS ? 0 : -1;
      if (at >= 0) {
        const [warm] = idle.splice(at, 1) as [WarmIsolate];
        this.#idleCount -= 1;
        if (idle.length === 0) this.#idle.delete(key);
        return warm;
      }
    }
    const warm = createWarmIsolate(bundle, memoryMb, this.compile);
    warm.externalBytes = externalBytesOf(warm.isolate);
    return warm;
  }

  /**
   * Give back an isolate whose evaluation ended normally; it is disposed if it cannot be reused.
   * `beforeReuse` runs on the isolate either way, after the check; it says whether it compiled
   * something there (whose source then counts as the isolate's own external memory).
   */
  release(
    bundle: VerifierBundle,
    memoryMb: number,
    warm: WarmIsolate,
    beforeReuse: () => boolean = () => false,
  ): void {
    const reusable = isReusable(warm);
    const compiled = beforeReuse();
    if (!reusable) {
      dispose(warm);
      return;
    }
    if (compiled) warm.externalBytes = externalBytesOf(warm.isolate);
    const key = poolKey(bundle, memoryMb);
    const idle = this.#idle.get(key) ?? [];
    if (idle.length >= IDLE_PER_BUNDLE) {
      dispose(warm);
      return;
    }
    // Re-insert the key so it becomes the most recently used.
    this.#idle.delete(key);
    warm.next = makeNextContext(warm.isolate);
    idle.push(warm);
    this.#idle.set(key, idle);
    this.#idleCount += 1;
    while (this.#idleCount > IDLE_TOTAL) this.#evictOldest();
  }

  /**
   * Dispose every idle isolate, each once the context being made for it is done. An isolate
   * disposed while isolated-vm still works on it is torn down later, on isolated-vm's own
   * thread, which can still be at it when a host that closed its runtime exits (the race a
   * SIGSEGV at exit points to); waiting first lets disposal tear it down here, at once
   * (docs/sandbox.md, "Closing the runtime").
   */
  async clear(): Promise<void> {
    const idle = [...this.#idle.values()].flat();
    this.#idle.clear();
    this.#idleCount = 0;
    await Promise.all(
      idle.map(async (warm) => {
        const context = await warm.next?.context;
        warm.next = undefined;
        if (!warm.isolate.isDisposed) context?.release();
        dispose(warm);
      }),
    );
  }

  #evictOldest(): void {
    const [key, idle] = this.#idle.entries().next().value as [string, WarmIsolate[]];
    const oldest = idle.shift();
    if (oldest) dispose(oldest);
    this.#idleCount -= 1;
    if (idle.length === 0) this.#idle.delete(key);
  }
}

/**
 * Whether an isolate may take another evaluation: not disposed, not failed, not worn out, its
 * heap small, and nothing of the evaluation left outside the heap. Memory there (an
 * ArrayBuffer, counted by isolated-vm's allocator) stays until V8 collects it, and held alive
 * it would tell the next evaluation, by what that can still allocate, that an earlier one ran
 * (docs/sandbox.md, "Pooled and fresh isolates").
 */
function isReusable(warm: WarmIsolate): boolean {
  if (warm.isolate.isDisposed || warm.catastrophe !== undefined || warm.uses >= MAX_USES)
    return false;
  const heap = warm.isolate.getHeapStatisticsSync();
  return (
    heap.total_heap_size <= MAX_POOLED_HEAP_BYTES &&
    heap.externally_allocated_size === warm.externalBytes
  );
}

function externalBytesOf(isolate: ivm.Isolate): number {
  return isolate.getHeapStatisticsSync().externally_allocated_size;
}

/** One verifier file, its bundled code and a heap limit: two files never share, even with the same code. */
function poolKey(bundle: VerifierBundle, memoryMb: number): string {
  return JSON.stringify([bundle.module, bundle.hash, memoryMb]);
}

/** A new isolate with the bundle compiled in it, used once (fresh mode) or pooled. */
export function createWarmIsolate(
  bundle: VerifierBundle,
  memoryMb: number,
  compile: (isolate: ivm.Isolate, bundle: VerifierBundle) => ivm.Script,
): WarmIsolate {
  const warm: { -readonly [K in keyof WarmIsolate]: WarmIsolate[K] } = {
    isolate: undefined as unknown as ivm.Isolate,
    script: undefined as unknown as ivm.Script,
    catastrophe: undefined,
    uses: 0,
    externalBytes: 0,
    next: undefined,
  };
  warm.isolate = new ivm.Isolate({
    memoryLimit: memoryMb,
    onCatastrophicError: (message) => {
      warm.catastrophe = message;
    },
  });
  try {
    warm.script = compile(warm.isolate, bundle);
  } catch (error) {
    warm.isolate.dispose();
    throw error;
  }
  return warm;
}

/**
 * Start making the isolate's next context on its own thread; a failure (the isolate disposed
 * meanwhile) leaves none. Asked for from a microtask of its own: isolated-vm records the
 * caller's stack on every asynchronous call, and the stack of a releasing evaluation is deep
 * and partly optimised code, which V8 walks and summarises for 30 µs to 0.7 ms on the host's
 * thread; a microtask's stack is one frame (docs/sandbox.md, "Cost").
 */
function makeNextContext(isolate: ivm.Isolate): NextContext {
  const next: { context: Promise<ivm.Context | undefined>; ready: boolean } = {
    context: Promise.resolve(undefined),
    ready: false,
  };
  next.context = Promise.resolve()
    .then(() => isolate.createContext())
    .then(
      (context) => {
        next.ready = true;
        return context;
      },
      () => undefined,
    );
  return next;
}

/**
 * The evaluation's fresh context: the one made on the isolate's thread since its last
 * evaluation ended (waiting for it if V8 is still making it: a context made here instead
 * would wait for the isolate's thread all the same, then cost its own 0.3 ms), or one made
 * now for an isolate that has none. Either way no code has run in it before.
 */
export async function takeContext(warm: WarmIsolate): Promise<ivm.Context> {
  const next = warm.next;
  warm.next = undefined;
  return (await next?.context) ?? warm.isolate.createContextSync();
}

export function dispose(warm: WarmIsolate): void {
  if (!warm.isolate.isDisposed) warm.isolate.dispose();
}
