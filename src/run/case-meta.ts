import type { CaseResult } from '../contract/case.js';
import type { IsolationReport, RuntimeName } from '../sandbox/runtime.js';

/**
 * What every generated test attaches to `task.meta.agentproofbench`: the evaluation
 * record with its case, and the runtime that produced it. Plain JSON, so it survives
 * the worker boundary and `--merge-reports` blobs.
 */
export interface CaseMeta {
  /** Vitest project that produced it (the reporter ignores other projects). */
  project: string;
  result: CaseResult;
  runtime: { name: RuntimeName; isolation: IsolationReport };
}

// TaskMeta is declared by @vitest/runner and re-exported by vitest: augment its origin.
declare module '@vitest/runner' {
  interface TaskMeta {
    agentproofbench?: CaseMeta;
    /**
     * The planned case's key (`caseKey`, src/contract/case-key.ts; or a gate trace's key), set
     * when the test is registered: a test a name filter (`-t`) skips still carries it, so the
     * reporter can tell a case left out on purpose from one whose record vanished.
     */
    agentproofbenchPlanned?: string;
  }
}
