import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AgentProofBenchError } from '../contract/error.js';
import { publicTaskOf } from '../contract/public-task.js';
import type { EvaluationRecord } from '../contract/record.js';
import type { Pack } from '../pack/pack.js';
import type { Runtime } from '../sandbox/runtime.js';
import type { ConditionName, Task } from '../schema/task.js';
import { OperationBudget } from '../services/budget.js';
import { createApiClient } from '../services/client.js';
import { serveRequest } from '../services/gateway.js';
import { createReplica } from '../services/registry.js';
import {
  constructionBudgetError,
  type Draft,
  type GeneratorContext,
  type ProgramLanguage,
} from './generator.js';

/** The sandbox runtime for each program language (TS in an isolate, Python in a process). */
export type RuntimeFor = (language: ProgramLanguage) => Promise<Runtime>;

/** A context and what was spent through it. */
export interface ConstructionContext {
  context: GeneratorContext;
  spent(): { budgetUsed: number; draftRuns: number };
}

/**
 * Open one construction: a fresh budget of `budget` units shared by reads of the
 * condition's before-state and draft runs. Drafts run like any verifier (same runtime,
 * same limits) with the before-state as both snapshots, so a draft can learn whether it
 * runs and what it reads, and nothing about any outcome.
 */
export function openConstruction(
  pack: Pack,
  task: Task,
  condition: ConditionName,
  replica: string,
  budget: number,
  runtimeFor: RuntimeFor,
): ConstructionContext {
  const meter = new OperationBudget(budget);
  const state = pack.before(task, condition);
  const reads = createReplica(task.service, state, task.actor);
  const publicTask = publicTaskOf(task);
  let draftRuns = 0;
  const runDraft = async (draft: Draft): Promise<EvaluationRecord> => {
    if (draft.language !== 'ts' && draft.language !== 'py')
      throw new AgentProofBenchError(
        'APB_ARGUMENT',
        `draft.language must be "ts" or "py", got ${JSON.stringify(draft.language)}`,
        { fix: "give each draft language 'ts' or 'py'" },
      );
    if (!meter.charge(1)) {
      throw constructionBudgetError(
        `a draft run needs 1 unit, but ${meter.used} of ${meter.limit} are spent`,
      );
    }
    draftRuns += 1;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agentproofbench-draft-'));
    try {
      const file = path.join(dir, `draft.${draft.language}`);
      await writeFile(file, String(draft.source));
      const runtime = await runtimeFor(draft.language);
      return await runtime.evaluate({
        verifier: file,
        task: publicTask,
        before: createReplica(task.service, state, task.actor),
        after: createReplica(task.service, state, task.actor),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const context: GeneratorContext = {
    task: publicTask,
    condition,
    replica,
    budget,
    remaining: () => meter.limit - meter.used,
    charge: (units) => meter.charge(units),
    before: createApiClient(async (request) => serveRequest(reads, meter, request)),
    runDraft,
  };
  return { context, spent: () => ({ budgetUsed: meter.used, draftRuns }) };
}
