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
  }
}
