import { ISOLATION_MODES, type IsolationMode } from '../sandbox/isolate/isolate-runtime.js';
import { RUNTIME_NAMES, type RuntimeName } from '../sandbox/runtime.js';

/**
 * A command line that cannot mean anything (a missing or malformed option). The dispatcher
 * prints `agentproofbench <command>: <message>` and the command's help, and exits 2; every
 * other error exits 1.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** `--runtime` of every command that runs verifiers: one of the runtime names, or unset. */
export function runtimeOption(value: string | undefined): RuntimeName | undefined {
  if (value === undefined) return undefined;
  if (!(RUNTIME_NAMES as readonly string[]).includes(value))
    throw new UsageError(`--runtime must be one of ${RUNTIME_NAMES.join(', ')}, got "${value}"`);
  return value as RuntimeName;
}

export function isolationOption(value: string | undefined): IsolationMode | undefined {
  if (value === undefined) return undefined;
  if (!(ISOLATION_MODES as readonly string[]).includes(value))
    throw new UsageError(
      `--isolation must be one of ${ISOLATION_MODES.join(', ')}, got "${value}"`,
    );
  return value as IsolationMode;
}

export const VERIFIER_REQUIRED = '--verifier is required, e.g. --verifier "verifiers/{task}.ts"';
