// Runs an example verifier in-process on the cases of a built-in task, the way the harness
// does (fresh replicas, one fresh operation budget shared by the before- and after-client),
// and reports the cases it gets wrong. The service tests keep their own expectations.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CaseRef } from '../../src/contract/case.js';
import { publicTaskOf } from '../../src/contract/public-task.js';
import type { EvaluationRecord } from '../../src/contract/record.js';
import type { VerifierResult, VerifyFunction } from '../../src/contract/verifier.js';
import { evaluateCase } from '../../src/evaluation/evaluate-case.js';
import { casesOfTask, type PackCase } from '../../src/pack/cases.js';
import type { Pack } from '../../src/pack/pack.js';
import { openPack } from '../../src/run/open-pack.js';
import type { Runtime } from '../../src/sandbox/runtime.js';
import type { Label, Task } from '../../src/schema/task.js';
import { OperationBudget } from '../../src/services/budget.js';
import { createApiClient } from '../../src/services/client.js';
import { serveRequest } from '../../src/services/gateway.js';
import { createReplica } from '../../src/services/registry.js';
import type { State } from '../../src/state/state.js';

const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const BUILTIN_PACK_DIR = path.join(REPO_DIR, 'fixtures/packs/builtin');

let builtinPack: Promise<Pack> | undefined;

/**
 * The built-in pack, through the plan cache as a user's `openPack` reads it: loading derives
 * its 1,297 states from API calls, seconds of CPU in every file that needs the pack
 * (test/run/open-pack.test.ts checks that a cached pack equals a loaded one;
 * test/pack/builtin-pack.test.ts and test/pack/qualify.test.ts load it afresh). Opened once
 * per worker: the `unit` project's files share their worker (vitest.config.ts), so the states
 * one file materialised serve the next; no test changes the pack.
 */
export function loadBuiltinPack(): Promise<Pack> {
  builtinPack ??= openPack(BUILTIN_PACK_DIR).then(
    (handle) => handle.pack,
    (error: unknown) => {
      builtinPack = undefined;
      throw error;
    },
  );
  return builtinPack;
}

/** The module of a task's correct example verifier, as the isolate runtime bundles it. */
export function exampleVerifierPath(taskId: string): string {
  return path.join(REPO_DIR, 'examples/verifiers', `${taskId}.ts`);
}

async function verifyOf(file: string): Promise<VerifyFunction> {
  const module = (await import(file)) as { verify?: unknown };
  if (typeof module.verify !== 'function')
    throw new Error(`${file} should export a function \`verify\`, found ${typeof module.verify}`);
  return module.verify as VerifyFunction;
}

/** A task's two example verifiers: the correct one and its stale variant (`stale/<task>.ts`). */
export async function exampleVerifiers(
  taskId: string,
): Promise<{ correct: VerifyFunction; stale: VerifyFunction }> {
  return {
    correct: await verifyOf(exampleVerifierPath(taskId)),
    stale: await verifyOf(path.join(REPO_DIR, 'examples/verifiers/stale', `${taskId}.ts`)),
  };
}

/** A case as the tests name it: `<condition>/<outcome>`, `witness/source` or `witness/replay`. */
export function caseName(entry: CaseRef): string {
  if (entry.kind === 'witness-source') return 'witness/source';
  if (entry.kind === 'witness-replay') return 'witness/replay';
  return `${entry.condition}/${entry.outcome}`;
}

export interface NamedCase extends PackCase {
  name: string;
}

/** Every case of a task (each condition's panel, then the witness pair), named. */
export function namedCasesOf(pack: Pack, task: Task): NamedCase[] {
  return casesOfTask(pack, task).map((entry) => ({ ...entry, name: caseName(entry) }));
}

export const expectedVerdict = (label: Label): 'pass' | 'fail' =>
  label === 'valid' ? 'pass' : 'fail';

export interface InProcessRun {
  result: VerifierResult;
  /** Operations charged to the run's one budget, before- and after-reads together. */
  operations: number;
  exhausted: boolean;
}

/** One evaluation as the harness runs it, in this process: fresh replicas, one fresh budget. */
export async function runInProcess(
  verify: VerifyFunction,
  task: Task,
  states: { before: State; after: State },
): Promise<InProcessRun> {
  const budget = new OperationBudget();
  const client = (state: State) => {
    const replica = createReplica(task.service, state, task.actor);
    return createApiClient((request) => Promise.resolve(serveRequest(replica, budget, request)));
  };
  const result = await verify(publicTaskOf(task), client(states.before), client(states.after));
  return { result, operations: budget.used, exhausted: budget.exhausted };
}

/** The names, in case order, of the cases whose verdict is not the one their label asks for. */
export async function wrongCases(
  verify: VerifyFunction,
  task: Task,
  cases: readonly NamedCase[],
): Promise<string[]> {
  const wrong: string[] = [];
  for (const entry of cases) {
    const { result } = await runInProcess(verify, task, entry);
    if (result.verdict !== expectedVerdict(entry.label)) wrong.push(entry.name);
  }
  return wrong;
}

/** The witness pair of a task judged by its correct example verifier in a sandbox runtime. */
export async function judgeWitnessIn(
  runtime: Runtime,
  pack: Pack,
  task: Task,
): Promise<Array<{ name: string; kind: CaseRef['kind']; label: Label; record: EvaluationRecord }>> {
  const judged = [];
  for (const entry of namedCasesOf(pack, task).filter((testCase) => testCase.kind !== 'panel')) {
    const { record } = await evaluateCase({
      runtime,
      task,
      case: entry,
      program: { id: task.id, set: 'default' },
      module: exampleVerifierPath(task.id),
    });
    judged.push({ name: entry.name, kind: entry.kind, label: entry.label, record });
  }
  return judged;
}
