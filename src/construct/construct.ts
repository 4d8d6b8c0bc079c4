import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentProofBenchError, isAgentProofBenchError } from '../contract/error.js';
import { programMetaPath } from '../evaluation/program-meta.js';
import { conditionsOf, type Pack } from '../pack/pack.js';
import { createRuntime, type Runtime } from '../sandbox/runtime.js';
import type { ProgramMeta } from '../schema/program-meta.js';
import type { ConditionName } from '../schema/task.js';
import { openConstruction } from './construction-context.js';
import { GeneratedProgramSchema, type Generator, type ProgramLanguage } from './generator.js';

export interface ConstructOptions {
  pack: Pack;
  generator: Generator;
  /** Recorded in every sidecar, e.g. the module's file name or `builtin:<model>`. */
  generatorName: string;
  /** The condition whose before-state the generator reads. */
  on: ConditionName;
  /** Programs per task (replicates r1, r2, …). */
  replicas: number;
  /** Construction budget B per program. */
  budget: number;
  /** Folder for `{task}.{replica}.ts|py` and their sidecars. */
  out: string;
  /** Only these tasks (default: every task that has the condition). */
  tasks?: readonly string[];
  /** Replace programs already in `out` (frozen programs are never replaced silently). */
  force?: boolean;
  /** Called after each program (progress). */
  onProgram?: (result: ConstructedProgram | ConstructionFailure) => void;
}

export interface ConstructedProgram {
  ok: true;
  task: string;
  replica: string;
  file: string;
  meta: ProgramMeta;
}

export interface ConstructionFailure {
  ok: false;
  task: string;
  replica: string;
  message: string;
}

/** One line: a library error as its code and problem (its fix is for a person at a terminal). */
const describe = (error: unknown) =>
  isAgentProofBenchError(error)
    ? `${error.code}: ${error.problem}`
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * Build `replicas` programs for every selected task with a user's generator, each under a
 * fresh budget on the chosen condition's before-state, and freeze them: the program file,
 * then a sidecar with builtOn, generator, budget used and cost C. A generator that throws
 * or returns something else than a program fails that program only.
 */
export async function construct(
  options: ConstructOptions,
): Promise<Array<ConstructedProgram | ConstructionFailure>> {
  if (!Number.isInteger(options.replicas) || options.replicas < 1)
    throw new AgentProofBenchError(
      'APB_ARGUMENT',
      `replicas must be a positive whole number, got ${options.replicas}`,
      { fix: 'pass replicas as a whole number of 1 or more' },
    );
  if (!Number.isInteger(options.budget) || options.budget < 0)
    throw new AgentProofBenchError(
      'APB_ARGUMENT',
      `budget must be a whole number ≥ 0, got ${options.budget}`,
      { fix: 'pass budget as a whole number of 0 or more' },
    );
  const tasks = options.pack.tasks.filter(
    (task) =>
      conditionsOf(task).includes(options.on) &&
      (!options.tasks || options.tasks.includes(task.id)),
  );
  const runtimes = new Map<ProgramLanguage, Promise<Runtime>>();
  const runtimeFor = (language: ProgramLanguage) => {
    let runtime = runtimes.get(language);
    if (!runtime) {
      runtime = createRuntime(language === 'py' ? 'process' : 'isolate', {
        process: { hiddenPaths: [options.pack.dir] },
      });
      runtimes.set(language, runtime);
    }
    return runtime;
  };
  await mkdir(options.out, { recursive: true });
  const results: Array<ConstructedProgram | ConstructionFailure> = [];
  try {
    for (const task of tasks) {
      for (let index = 1; index <= options.replicas; index += 1) {
        const replica = `r${index}`;
        const result = await constructOne(task.id, replica);
        results.push(result);
        options.onProgram?.(result);
      }
    }
  } finally {
    for (const runtime of runtimes.values()) await (await runtime).close();
  }
  return results;

  async function constructOne(
    taskId: string,
    replica: string,
  ): Promise<ConstructedProgram | ConstructionFailure> {
    const fail = (message: string): ConstructionFailure => ({
      ok: false,
      task: taskId,
      replica,
      message,
    });
    const task = options.pack.task(taskId);
    const opened = openConstruction(
      options.pack,
      task,
      options.on,
      replica,
      options.budget,
      runtimeFor,
    );
    let returned: unknown;
    try {
      returned = await options.generator(opened.context);
    } catch (error) {
      return fail(`the generator threw: ${describe(error)}`);
    }
    const parsed = GeneratedProgramSchema.safeParse(returned);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return fail(
        `the generator returned no program: ${issue.path.join('.') || '(result)'}: ${issue.message} (expected {source, language: "ts" | "py", costUsd?})`,
      );
    }
    const program = parsed.data;
    const file = path.join(options.out, `${taskId}.${replica}.${program.language}`);
    const other = path.join(
      options.out,
      `${taskId}.${replica}.${program.language === 'ts' ? 'py' : 'ts'}`,
    );
    if (!options.force && (existsSync(file) || existsSync(other)))
      return fail(
        `${path.basename(file)} already exists: programs are frozen (use --force to rebuild)`,
      );
    const spent = opened.spent();
    const meta: ProgramMeta = {
      builtOn: options.on,
      constructionCost: program.costUsd ?? 0,
      generator: options.generatorName,
      task: taskId,
      replica,
      budget: options.budget,
      budgetUsed: spent.budgetUsed,
      draftRuns: spent.draftRuns,
      ...(program.rounds !== undefined ? { rounds: program.rounds } : {}),
      ...(program.tokens ? { tokens: program.tokens } : {}),
      sourceSha256: createHash('sha256').update(program.source).digest('hex'),
    };
    await writeFile(file, program.source);
    await writeFile(programMetaPath(file), `${JSON.stringify(meta, null, 2)}\n`);
    return { ok: true, task: taskId, replica, file, meta };
  }
}
