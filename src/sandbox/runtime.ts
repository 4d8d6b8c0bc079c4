import { AgentProofBenchError } from '../contract/error.js';
import { InlineRuntime } from './inline-runtime.js';
import { IsolateRuntime, type IsolateRuntimeOptions } from './isolate/isolate-runtime.js';
import type { Limits } from './limits.js';
import type { ProcessRuntimeOptions } from './process/process-runtime.js';
import { RUNTIME_NAMES, type Runtime, type RuntimeName } from './runtime-interface.js';

export {
  type EvaluationInput,
  type IsolationReport,
  RUNTIME_NAMES,
  type Runtime,
  type RuntimeName,
} from './runtime-interface.js';

/**
 * The runtime when none is chosen: Python verifiers run only in the process runtime, so a
 * `.py` program (or pattern) picks it; anything else runs in a fresh isolate. The Vitest
 * project, `run` and `latency` all decide through this.
 */
export function defaultRuntimeFor(programPaths: readonly string[]): RuntimeName {
  return programPaths.some((program) => program.endsWith('.py')) ? 'process' : 'isolate';
}

export interface RuntimeOptions {
  /** Defaults for every evaluation of this runtime (docs/benchmark.md: 60 s, 1024 MB, 80 operations). */
  limits?: Partial<Limits>;
  isolate?: IsolateRuntimeOptions;
  process?: ProcessRuntimeOptions;
}

/** The process runtime probes the OS for namespaces once, hence async. */
export async function createRuntime(
  name: RuntimeName,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  switch (name) {
    case 'isolate':
      return new IsolateRuntime(options.limits, options.isolate);
    case 'process': {
      // Loaded only when asked for: the isolate's test workers need neither execa nor the probes.
      const { createProcessRuntime } = await import('./process/process-runtime.js');
      return createProcessRuntime(options.limits, options.process);
    }
    case 'inline':
      return new InlineRuntime(options.limits);
    default:
      throw new AgentProofBenchError(
        'APB_ARGUMENT',
        `unknown runtime ${JSON.stringify(name)}; expected one of ${RUNTIME_NAMES.join(', ')}`,
        { fix: 'pass one of the runtime names the message lists (RUNTIME_NAMES)' },
      );
  }
}
