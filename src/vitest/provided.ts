import type { ResolvedBenchOptions } from './options.js';

/** Key under which the plugin provides the resolved options to the chunk files. */
export const PROVIDED_OPTIONS_KEY = 'agentproofbench';
/** Key of the message when the options themselves are invalid (then no options are provided). */
export const PROVIDED_PROBLEM_KEY = 'agentproofbench:problem';

declare module 'vitest' {
  interface ProvidedContext {
    agentproofbench: ResolvedBenchOptions;
    'agentproofbench:problem': string;
  }
}
