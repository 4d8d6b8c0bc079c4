import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildFailure, build, type Plugin } from 'esbuild';
import { internalError } from '../../contract/error.js';

/** A verifier bundled with the guest, ready for any number of isolates. */
export interface VerifierBundle {
  ok: true;
  /** The verifier file it was bundled from. */
  module: string;
  code: string;
  /** sha256 of the bundled code: the key of the compiled-code cache. */
  hash: string;
}

/** Why a verifier cannot enter an isolate: `denied` for Node built-ins and pack files, `exception` for anything else. */
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
const DENY_DATA_PLUGIN = 'agentproofbench-deny-pack-files';

/** guest.ts when running from source (vitest, tsx), guest.js once compiled to dist. */
function guestEntry(): string {
  for (const name of ['guest.ts', 'guest.js']) {
    const candidate = fileURLToPath(new URL(`./${name}`, import.meta.url));
    if (existsSync(candidate)) return candidate;
  }
  throw internalError(
    `the isolate guest entry is missing next to ${fileURLToPath(import.meta.url)}`,
  );
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

/** Source the bundle may take from anywhere its own imports lead (the verifier's code and dependencies). */
const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;

/** A pack folder: `pack.json` beside a `tasks/` folder (docs/pack-format.md). */
function isPackFolder(dir: string, known: Map<string, boolean>): boolean {
  let answer = known.get(dir);
  if (answer === undefined) {
    answer = existsSync(path.join(dir, 'pack.json')) && existsSync(path.join(dir, 'tasks'));
    known.set(dir, answer);
  }
  return answer;
}

/** The pack folder `file` lies in, if any (looking up to the file system's root). */
function enclosingPack(file: string, known: Map<string, boolean>): string | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (isPackFolder(dir, known)) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function within(file: string, dir: string): boolean {
  return file === dir || file.startsWith(`${dir}${path.sep}`);
}

/**
 * A verifier gets the task only through `task` and the API: its bundle may not carry a
 * pack's labels in. Refused (`denied`): any file inside a pack folder that is not JS/TS
 * source (wherever the pack is: another checkout, a copy in /tmp), and any data file
 * (JSON, text, anything not JS/TS) outside the verifier's own folder and `node_modules`.
 */
function denyPackFiles(modulePath: string, versions: Map<string, InputVersion>): Plugin {
  const ownFile = realpathSync(modulePath);
  const ownFolder = path.dirname(ownFile);
  // The harness's own code (guest, client) is bundled from wherever the package lives.
  const harness = path.resolve(path.dirname(guestEntry()), '..', '..');
  const packs = new Map<string, boolean>();
  return {
    name: DENY_DATA_PLUGIN,
    setup(builder) {
      builder.onLoad({ filter: /.*/ }, (args) => {
        if (args.namespace !== 'file') return undefined;
        let file: string | undefined;
        try {
          file = realpathSync(args.path);
        } catch {
          file = undefined;
        }
        const data = file === undefined || !CODE_FILE.test(file);
        // The harness's own code (guest, client) is fixed for the life of the process, like
        // the host code it answers to, so it is not checked again on each use.
        if (file !== undefined && !data && within(file, harness)) return undefined;
        // Taken before esbuild reads the file: a write in between makes the next use rebundle.
        versions.set(path.resolve(args.path), recordVersion(args.path));
        if (file === undefined) return undefined;
        const pack = enclosingPack(file, packs);
        const dependency = file.split(path.sep).includes('node_modules');
        let reason: string | undefined;
        if (pack !== undefined && (data || !within(ownFile, pack)))
          reason = `imports ${path.basename(file)} from a task pack (${path.basename(pack)}); a verifier sees the task only through its arguments and the API`;
        else if (data && !dependency && !within(file, ownFolder))
          reason = `imports the data file ${path.basename(file)} from outside its own folder; a verifier may import its own code, its own data and its dependencies, never pack files`;
        return reason === undefined ? undefined : { errors: [{ text: reason }] };
      });
    },
  };
}

async function bundleVerifier(
  modulePath: string,
  versions: Map<string, InputVersion>,
): Promise<{ result: BundleResult }> {
  if (!existsSync(modulePath)) {
    return {
      result: {
        ok: false,
        kind: 'exception',
        message: `cannot load the verifier module: ${modulePath} does not exist`,
      },
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
      logLevel: 'silent',
      plugins: [verifierPlugin(modulePath), denyNodeBuiltins, denyPackFiles(modulePath, versions)],
    });
    const code = output.outputFiles[0]?.text ?? '';
    return {
      result: {
        ok: true,
        module: modulePath,
        code,
        hash: createHash('sha256').update(code).digest('hex'),
      },
    };
  } catch (error) {
    const failure = error as Partial<BuildFailure>;
    const errors = failure.errors ?? [];
    const denied = errors.find(
      (item) => item.pluginName === DENY_PLUGIN || item.pluginName === DENY_DATA_PLUGIN,
    );
    if (denied !== undefined)
      return {
        result: { ok: false, kind: 'denied', message: `the verifier ${denied.text}` },
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
    };
  }
}

/**
 * A file version as `stat` sees it: inode, size, modification and change time. The change
 * time cannot be set back by the writer (`utimes` sets only the modification time), so a
 * rewrite of the same size with a restored mtime is still seen.
 */
function fileSignature(file: string): { text: string; ctimeNs: bigint } | undefined {
  try {
    const stat = statSync(file, { bigint: true });
    return {
      text: `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`,
      ctimeNs: stat.ctimeNs,
    };
  } catch {
    return undefined;
  }
}

function contentHash(file: string): string | undefined {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

/**
 * File times advance in coarse steps (a few ms), so two writes within one step look alike to
 * `stat`. An input changed less than this long before its signature was taken is "racy"
 * (the rule git uses for its index): it is also checked by content on every use.
 */
const RACY_WINDOW_NS = 2_000_000_000n;

interface InputVersion {
  signature: string | undefined;
  /** Content hash, kept only for racy inputs. */
  hash?: string;
}

interface CacheEntry {
  result: BundleResult;
  inputs: Map<string, InputVersion>;
}

function recordVersion(file: string): InputVersion {
  const takenAtNs = BigInt(Date.now()) * 1_000_000n;
  const signature = fileSignature(file);
  if (signature === undefined) return { signature: undefined };
  if (signature.ctimeNs + RACY_WINDOW_NS < takenAtNs) return { signature: signature.text };
  return { signature: signature.text, hash: contentHash(file) };
}

function unchanged(file: string, version: InputVersion): boolean {
  if (fileSignature(file)?.text !== version.signature) return false;
  return version.hash === undefined || contentHash(file) === version.hash;
}

/**
 * Bundles each verifier once and reuses the bundle while none of its input files (the
 * verifier and its own imports) changed: a cache hit costs one `stat` per input,
 * not a read (reading and hashing every input cost about 2 ms), except for inputs changed
 * in the last two seconds, which are also compared by content. A bundle never depends on
 * what an earlier evaluation did, only on the files.
 */
export class BundleCache {
  readonly #entries = new Map<string, Promise<CacheEntry>>();

  async get(modulePath: string): Promise<BundleResult> {
    const cached = this.#entries.get(modulePath);
    if (cached !== undefined) {
      const entry = await cached;
      if (entry.result.ok && [...entry.inputs].every(([file, version]) => unchanged(file, version)))
        return entry.result;
    }
    const fresh = (async (): Promise<CacheEntry> => {
      const inputs = new Map<string, InputVersion>();
      const { result } = await bundleVerifier(modulePath, inputs);
      return { result, inputs };
    })();
    this.#entries.set(modulePath, fresh);
    return (await fresh).result;
  }

  /** The files whose change makes the next use of this verifier bundle again (none until it was bundled). */
  async watchedFiles(modulePath: string): Promise<string[]> {
    const cached = this.#entries.get(modulePath);
    return cached === undefined ? [] : [...(await cached).inputs.keys()];
  }

  clear(): void {
    this.#entries.clear();
  }
}
