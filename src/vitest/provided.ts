import type { ResolvedOptions } from '../run/options.js';
import type { PlanHandoffRef } from '../run/plan-handoff.js';

/** Key under which the plugin provides the resolved options to the chunk files. */
export const PROVIDED_OPTIONS_KEY = 'agentproofbench';
/** Key under which the plugin provides where to read the run plan, computed once in the main process. */
export const PROVIDED_PLAN_KEY = 'agentproofbench:plan';
/** Key of the message when the options themselves are invalid (then no options are provided). */
export const PROVIDED_PROBLEM_KEY = 'agentproofbench:problem';

declare module 'vitest' {
  interface ProvidedContext {
    agentproofbench: ResolvedOptions;
    'agentproofbench:plan': PlanHandoffRef;
    'agentproofbench:problem': string;
  }
}
