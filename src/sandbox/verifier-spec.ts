import path from 'node:path';
import { AgentProofBenchError } from '../contract/error.js';
import {
  isJudgeReference,
  judgeConfigPath,
  loadJudgeConfig,
  parseJudgeConfig,
} from '../judge/judge-reference.js';
import type { JudgeConfig } from '../schema/model-config.js';

/** Which program an evaluation runs. */
export type VerifierSpec =
  /** A TS/JS module exporting `verify` (default or named); isolate and inline runtimes. */
  | { kind: 'module'; path: string }
  /** A Python module with `verify(task, before, after)`; process runtime, through the shipped runner. */
  | { kind: 'python'; path: string }
  /** Any executable speaking the JSON-lines protocol (docs/process-protocol.md); process runtime. */
  | { kind: 'command'; command: string; args?: readonly string[] }
  /**
   * An online LLM judge (`judge:<config.json>`). It runs host-side in every runtime: the
   * model call is network, which no sandbox allows, but its API calls go through the same
   * session (budget, read-only gateway, error kinds) as a program's (docs/judge.md).
   */
  | { kind: 'judge'; config: JudgeConfig; name: string };

/** The specs a runtime's own sandbox runs (a judge never enters one). */
export type SandboxedVerifierSpec = Exclude<VerifierSpec, { kind: 'judge' }>;

const MODULE_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];

/** A path is classified by its extension; paths become absolute so records do not depend on the cwd later. */
export function resolveVerifierSpec(spec: string | VerifierSpec): VerifierSpec {
  if (typeof spec === 'string') {
    if (isJudgeReference(spec)) {
      const file = judgeConfigPath(spec);
      const config = loadJudgeConfig(file);
      return { kind: 'judge', config, name: config.name ?? path.basename(file, '.json') };
    }
    const extension = path.extname(spec);
    if (extension === '.py') return { kind: 'python', path: path.resolve(spec) };
    if (MODULE_EXTENSIONS.includes(extension)) return { kind: 'module', path: path.resolve(spec) };
    throw new AgentProofBenchError(
      'APB_ARGUMENT',
      `verifier ${JSON.stringify(spec)}: expected a .py file or a JS/TS module (${MODULE_EXTENSIONS.join(' ')}), or a {kind: 'command'} spec`,
      {
        fix: "pass a verifier path, or a spec {kind: 'module' | 'python' | 'command' | 'judge', …} (docs/api.md)",
      },
    );
  }
  if (spec.kind === 'module' || spec.kind === 'python')
    return { kind: spec.kind, path: path.resolve(spec.path) };
  if (spec.kind === 'command') {
    if (typeof spec.command !== 'string' || spec.command === '')
      throw new AgentProofBenchError(
        'APB_ARGUMENT',
        'verifier command must be a non-empty string',
        {
          fix: "pass a verifier path, or a spec {kind: 'module' | 'python' | 'command' | 'judge', …} (docs/api.md)",
        },
      );
    return { kind: 'command', command: spec.command, args: [...(spec.args ?? [])] };
  }
  if (spec.kind === 'judge') {
    const config = parseJudgeConfig(spec.config, 'the judge spec');
    return { kind: 'judge', config, name: spec.name ?? config.name ?? 'judge' };
  }
  throw new AgentProofBenchError(
    'APB_ARGUMENT',
    `verifier spec kind must be "module", "python", "command" or "judge", got ${JSON.stringify((spec as { kind?: unknown }).kind)}`,
    {
      fix: "pass a verifier path, or a spec {kind: 'module' | 'python' | 'command' | 'judge', …} (docs/api.md)",
    },
  );
}

/** Short name for messages. */
export function describeVerifier(spec: VerifierSpec): string {
  if (spec.kind === 'judge') return `judge ${spec.name}`;
  return spec.kind === 'command'
    ? [spec.command, ...(spec.args ?? [])].join(' ')
    : path.basename(spec.path);
}
