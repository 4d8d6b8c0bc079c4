import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
// Registers the matchers on `expect` (toClassifyOutcome below).
import '../../matchers/index.js';
import { caseKey } from '../contract/case-key.js';
import { AgentProofBenchError } from '../contract/error.js';
import { evaluatePlannedCase } from '../evaluation/evaluate-case.js';
import type { ProgramForTask } from '../evaluation/programs.js';
import { casesOfTask, caseTitle } from '../pack/cases.js';
import { caseHandle } from '../pack/pack-handle.js';
import type { CaseMeta } from '../run/case-meta.js';
import type { ResolvedOptions } from '../run/options.js';
import { readPlanHandoff } from '../run/plan-handoff.js';
import { caseFilterOf } from '../run/planned-cases.js';
import type { PlannedTask, RunPlan } from '../run/run-plan.js';
import { createRuntime, type Runtime } from '../sandbox/runtime.js';
import { expectationOf } from './case-expectation.js';
import { PROVIDED_OPTIONS_KEY, PROVIDED_PLAN_KEY, PROVIDED_PROBLEM_KEY } from './provided.js';
import { registerExecutionCases } from './register-executions.js';
import { loadFailureError, loadFailureOf, pointAtVerifier } from './verifier-location.js';

/**
 * A project that cannot run (invalid options, a broken pack, no verifier file) is one
 * failed test carrying the error's message: its code, what is wrong and how to fix it,
 * as `validate` and `bench` print it, without stack frames into this package.
 */
export function registerProblem(message: string): void {
  test('agentproofbench cannot run this project', () => {
    const error = new Error(message);
    error.name = 'AgentProofBenchError';
    error.stack = `${error.name}: ${message}`;
    throw error;
  });
}

/** The run plan the plugin computed in the main process; the pack is not loaded again here. */
function providedPlan(): RunPlan {
  const handoff = inject(PROVIDED_PLAN_KEY);
  if (!handoff)
    throw new AgentProofBenchError(
      'APB_PLAN',
      'agentproofbench: no run plan was provided; run the chunk files through defineAgentProofBenchProject',
      { fix: 'run the chunk files through defineAgentProofBenchProject, never on their own' },
    );
  return readPlanHandoff(handoff);
}

/** The program label shown in test names when a task has several programs or sets. */
function programLabel(entry: ProgramForTask): string {
  return entry.program.set === 'default'
    ? entry.program.id
    : `${entry.program.set}: ${entry.program.id}`;
}

/** What the plugin provided to this chunk file: the options and the plan, or why the project cannot run. */
export function providedRun(): { options: ResolvedOptions; plan: RunPlan } | { problem: string } {
  const problem = inject(PROVIDED_PROBLEM_KEY);
  if (problem !== undefined) return { problem };
  try {
    return { options: inject(PROVIDED_OPTIONS_KEY), plan: providedPlan() };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/**
 * Register the generated tests of one chunk file: for each of its tasks, every case of
 * every program, named `task › condition › outcome › expectation`. Unqualified tasks
 * appear as skipped tests that say why they are excluded from scoring.
 */
export function registerChunk(chunk: number): void {
  const provided = providedRun();
  if ('problem' in provided) {
    registerProblem(provided.problem);
    return;
  }
  const { options, plan } = provided;
  registerTasks(
    plan,
    plan.tasks.filter((planned) => planned.chunk === chunk),
    options,
  );
}

/** Register the cases of these planned tasks of `plan`, with one runtime for them all. */
export function registerTasks(
  plan: RunPlan,
  mine: readonly PlannedTask[],
  options: ResolvedOptions,
): void {
  let runtime: Runtime | undefined;
  beforeAll(async () => {
    // The process runtime hides the working directory; the pack may live elsewhere
    // (a shared folder, the installed package), and its labels must stay unreachable too.
    runtime = await createRuntime(options.runtime, {
      limits: options.limits,
      isolate: { isolation: options.isolation },
      process: { hiddenPaths: [plan.pack.dir], isolation: options.isolation },
    });
  });
  afterAll(async () => {
    await runtime?.close();
  });

  for (const planned of mine) {
    registerTask(planned);
    if (planned.qualification.qualified)
      registerExecutionCases({
        pack: plan.pack,
        planned,
        options,
        runtime: () => runtime,
        programLabel: (entry) =>
          planned.programs.length > 1 || entry.program.set !== 'default'
            ? programLabel(entry)
            : undefined,
      });
  }

  function registerTask({ task, view, qualification, programs }: PlannedTask): void {
    if (!qualification.qualified) {
      const reasons = qualification.problems
        .map((problem) => `[${problem.code}] ${problem.message}`)
        .join('; ');
      test.skip(`${task.id} › excluded from scoring: not qualified (${reasons})`, () => {});
      return;
    }
    // The same cases the reporter counts as planned (planned-cases.ts).
    const cases = casesOfTask(plan.pack, task, caseFilterOf(options));
    const labelled =
      programs.length > 1 || programs.some((entry) => entry.program.set !== 'default');
    for (const entry of programs) {
      const registerCases = () => {
        for (const packCase of cases) {
          const name =
            packCase.kind === 'panel'
              ? `${caseTitle(packCase)} › ${expectationOf(packCase)}`
              : caseTitle(packCase);
          const planned = caseKey({ ...packCase, program: entry.program });
          test(name, { meta: { agentproofbenchPlanned: planned } }, async ({ task: testCase }) => {
            if (!runtime)
              throw new AgentProofBenchError(
                'APB_HARNESS',
                'the agentproofbench runtime did not start (see the beforeAll error)',
                { fix: 'read the beforeAll error of this file: the runtime failed to start' },
              );
            const result = await evaluatePlannedCase(
              {
                runtime,
                task,
                case: packCase,
                program: entry.program,
                module: entry.module,
                limits: options.limits,
              },
              view,
            );
            const meta: CaseMeta = {
              project: options.name,
              result,
              runtime: { name: runtime.name, isolation: runtime.isolation },
            };
            testCase.meta.agentproofbench = meta;
            const record = result.record;
            if (record.verdict === 'error' && record.kind === 'crash') {
              // A harness failure is never the verifier's fault: fail in every mode.
              throw new AgentProofBenchError(
                'APB_HARNESS',
                `agentproofbench could not evaluate ${path.basename(entry.module)}: ${record.message}`,
                { fix: 'the verifier is not at fault; read the cause in the message' },
              );
            }
            if (options.mode === 'tdd') {
              const load = loadFailureOf(record, entry.module);
              if (load) throw loadFailureError(load, entry.module);
              try {
                await expect(record).toClassifyOutcome(caseHandle(task, packCase));
              } catch (error) {
                throw pointAtVerifier(error, entry.module);
              }
            }
          });
        }
      };
      if (labelled) describe(programLabel(entry), registerCases);
      else registerCases();
    }
  }
}
