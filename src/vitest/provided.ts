import type { ResolvedBenchOptions } from '../run/options.js';

/** Key under which the plugin provides the resolved options to the chunk files. */
export const PROVIDED_OPTIONS_KEY = 'agentproofbench';

declare module 'vitest' {
  interface ProvidedContext {
    agentproofbench: ResolvedBenchOptions;
  }
}
