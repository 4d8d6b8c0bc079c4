import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildFailure, build, type Plugin } from 'esbuild';

/** A verifier bundled with the guest, ready for any number of isolates. */
export interface VerifierBundle {
  ok: true;
  code: string;
  /** sha256 of the bundled code: the key of the compiled-code cache. */
  hash: string;
}

/** Why a verifier cannot enter an isolate: `denied` for Node built-ins, `exception` for anything else. */
export interface BundleFailure {
  ok: false;
  kind: 'denied' | 'exception';
  message: string;
}

export type BundleResult = VerifierBundle | BundleFailure;

/** The name the guest's global gets in the IIFE; the host reads `run` from it. */
export const GUEST_GLOBAL = '__agentproofbenchGuest';
const VIRTUAL_VERIFIER = 'agentproofbench:verifier';
const DENY_PLUGIN = 'agentproofbench-deny-node-builtins';

/** guest.ts when running from source (vitest, tsx), guest.js once compiled to dist. */
function guestEntry(): string {
  for (const name of ['guest.ts', 'guest.js']) {
    const candidate = fileURLToPath(new URL(`./${name}`, import.meta.url));
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`the isolate guest entry is missing next to ${fileURLToPath(import.meta.url)}`);
}

function verifierPlugin(modulePath: string): Plugin {
  return {
    name: 'agentproofbench-verifier',
    setup(builder) {
      builder.onResolve({ filter: new RegExp(`^${VIRTUAL_VERIFIER}$`) }, () => ({
        path: modulePath,
      }));
    },
  };
}

/** A verifier reads the service only through its clients: any Node built-in fails the bundle. */
const denyNodeBuiltins: Plugin = {
  name: DENY_PLUGIN,
  setup(builder) {
    builder.onResolve({ filter: /^[a-z_:/]+$/ }, (args) =>
      isBuiltin(args.path)
        ? {
            errors: [
              {
                text: `imports the Node built-in module "${args.path}" (from ${path.basename(args.importer)}); verifiers get no file system, network, process or environment access, only the two API clients`,
              },
            ],
          }
        : undefined,
    );
  },
};

async function bundleVerifier(
  modulePath: string,
): Promise<{ result: BundleResult; inputs: string[] }> {
  if (!existsSync(modulePath)) {
    return {
      result: {
        ok: false,
        kind: 'exception',
        message: `cannot load the verifier module: ${modulePath} does not exist`,
      },
      inputs: [],
    };
  }
  try {
    const output = await build({
      entryPoints: [guestEntry()],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: GUEST_GLOBAL,
      platform: 'neutral',
      mainFields: ['module', 'main'],
      target: 'es2022',
      metafile: true,
      logLevel: 'silent',
      plugins: [verifierPlugin(modulePath), denyNodeBuiltins],
    });
    const inputs = Object.keys(output.metafile.inputs)
      .map((input) => path.resolve(input))
      .sort();
    const code = output.outputFiles[0]?.text ?? '';
    return {
      result: { ok: true, code, hash: createHash('sha256').update(code).digest('hex') },
      inputs,
    };
  } catch (error) {
    const failure = error as Partial<BuildFailure>;
    const errors = failure.errors ?? [];
    const denied = errors.find((item) => item.pluginName === DENY_PLUGIN);
    if (denied !== undefined)
      return {
        result: { ok: false, kind: 'denied', message: `the verifier ${denied.text}` },
        inputs: [],
      };
    const first = errors[0];
    const where = first?.location
      ? ` (${path.basename(first.location.file)}:${first.location.line})`
      : '';
    const text = first
      ? `${first.text}${where}`
      : error instanceof Error
        ? error.message
        : String(error);
    return {
      result: { ok: false, kind: 'exception', message: `cannot bundle the verifier: ${text}` },
      inputs: [],
    };
  }
}

/** What identifies a file version cheaply; a change of either triggers a rebundle and a new content hash. */
function fileSignature(file: string): string | undefined {
  try {
    const stat = statSync(file, { bigint: true });
    return `${stat.mtimeNs}:${stat.size}`;
  } catch {
    return undefined;
  }
}

interface CacheEntry {
  result: BundleResult;
  signatures: Map<string, string | undefined>;
}

/**
 * Bundles each verifier once and reuses the bundle while none of its input files (the
 * verifier, its own imports, the guest) changed size or modification time: a cache hit
 * costs one `stat` per input, not a read (reading and hashing every input cost about 2 ms).
 */
export class BundleCache {
  readonly #entries = new Map<string, Promise<CacheEntry>>();

  async get(modulePath: string): Promise<BundleResult> {
    const cached = this.#entries.get(modulePath);
    if (cached !== undefined) {
      const entry = await cached;
      if (
        entry.result.ok &&
        [...entry.signatures].every(([file, signature]) => fileSignature(file) === signature)
      )
        return entry.result;
    }
    const fresh = (async (): Promise<CacheEntry> => {
      const { result, inputs } = await bundleVerifier(modulePath);
      return { result, signatures: new Map(inputs.map((input) => [input, fileSignature(input)])) };
    })();
    this.#entries.set(modulePath, fresh);
    return (await fresh).result;
  }

  clear(): void {
    this.#entries.clear();
  }
}
