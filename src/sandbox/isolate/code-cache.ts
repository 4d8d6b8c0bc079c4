import type ivm from 'isolated-vm';
import { GUEST_GLOBAL, type VerifierBundle } from './bundle.js';

const GUEST_FILENAME = 'verifier.js';

/** The bundle as an isolate compiles it; its completion value is the guest's `start`. */
function guestSource(bundle: VerifierBundle): string {
  return `${bundle.code}\n${GUEST_GLOBAL}.start;`;
}

/** isolated-vm sets these on a compiled script; its typings leave them out. */
type CompiledScript = ivm.Script & {
  cachedData?: ivm.ExternalCopy<ArrayBuffer>;
  cachedDataRejected?: boolean;
};

/**
 * V8's code cache per bundle, shared by every isolate of it. V8 compiles a function when it
 * is first called, so a cache taken at compile time holds only the top level, and each new
 * isolate (every evaluation in `fresh` mode, every replacement in the pool) compiled the
 * verifier's functions again: about 1 ms of box_1's first evaluation in an isolate
 * (docs/sandbox.md, "Cost"). So the cache is taken once more after a bundle's first sound
 * evaluation: compiling the same source again in that isolate finds V8's own compiled
 * script, functions that ran included. Only compiled code goes in, never a value a
 * verifier made: it changes how fast a new isolate starts, not what a verifier sees.
 */
export class CodeCache {
  readonly #data = new Map<string, ivm.ExternalCopy<ArrayBuffer>>();
  /** Bundles whose cache was taken after an evaluation. */
  readonly #takenAfterRun = new Set<string>();

  constructor(readonly enabled: boolean) {}

  /** Compile the bundle in `isolate`, from the cache when there is one. */
  compile(isolate: ivm.Isolate, bundle: VerifierBundle): ivm.Script {
    const cachedData = this.enabled ? this.#data.get(bundle.hash) : undefined;
    const script: CompiledScript = isolate.compileScriptSync(guestSource(bundle), {
      filename: GUEST_FILENAME,
      ...(cachedData ? { cachedData } : { produceCachedData: this.enabled }),
    });
    if (
      this.enabled &&
      (cachedData === undefined || script.cachedDataRejected) &&
      script.cachedData
    ) {
      this.#keep(bundle, script.cachedData);
      this.#takenAfterRun.delete(bundle.hash);
    }
    return script;
  }

  /**
   * Call after an evaluation that left `isolate` sound; takes the cache again once per bundle.
   * Says whether it compiled in the isolate (which leaves the source as external memory there).
   */
  takeAfterRun(isolate: ivm.Isolate | undefined, bundle: VerifierBundle): boolean {
    if (
      !this.enabled ||
      this.#takenAfterRun.has(bundle.hash) ||
      isolate === undefined ||
      isolate.isDisposed
    )
      return false;
    this.#takenAfterRun.add(bundle.hash);
    try {
      const again: CompiledScript = isolate.compileScriptSync(guestSource(bundle), {
        filename: GUEST_FILENAME,
        produceCachedData: true,
      });
      again.release();
      if (again.cachedData) this.#keep(bundle, again.cachedData);
    } catch {
      // Only speed depends on it: the cache taken at compile time stays.
    }
    return true;
  }

  /** Size of the bundle's cache in bytes, if it has one. */
  bytes(bundle: VerifierBundle): number | undefined {
    return this.#data.get(bundle.hash)?.copy().byteLength;
  }

  clear(): void {
    for (const data of this.#data.values()) data.release();
    this.#data.clear();
    this.#takenAfterRun.clear();
  }

  #keep(bundle: VerifierBundle, data: ivm.ExternalCopy<ArrayBuffer>): void {
    this.#data.get(bundle.hash)?.release();
    this.#data.set(bundle.hash, data);
  }
}
