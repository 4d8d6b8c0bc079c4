import path from 'node:path';
import { builtinGenerator } from '../../construct/builtin-generator.js';
import {
  type ConstructedProgram,
  type ConstructionFailure,
  construct,
} from '../../construct/construct.js';
import type { Generator } from '../../construct/generator.js';
import { loadGeneratorModule } from '../../construct/load-generator.js';
import { loadModelConfig } from '../../judge/model-config-file.js';
import { loadPackOrThrow } from '../../pack/load.js';
import { resolvePackDir } from '../../pack/resolve.js';
import { GeneratorConfigSchema } from '../../schema/model-config.js';
import { CONDITIONS, type ConditionName } from '../../schema/task.js';
import { type ArgsOf, type FlagTable, flagsHelp } from '../flags.js';
import type { CliIO } from '../io.js';
import { UsageError } from '../usage-error.js';

/** Every flag of `agentproofbench construct`: its parser options, help lines and types. */
export const CONSTRUCT_FLAGS = {
  generator: {
    value: '<g>',
    help: [
      'a module exporting a generator (default export or "generate"), or',
      'builtin / builtin:<config.json>: the model client (needs a model and either',
      'a key for the OpenAI API or the base URL of an OpenAI-compatible server,',
      'keyless if it allows: AGENTPROOFBENCH_JUDGE_BASE_URL, _MODEL, _API_KEY',
      'or OPENAI_*)',
    ],
  },
  on: { value: '<c>', help: ['source | background | related'] },
  replicas: { value: '<n>', help: ['programs per task (default 2)'] },
  budget: {
    value: '<b>',
    help: ['construction budget per program: operations read + draft runs (default 12)'],
  },
  out: { value: '<dir>', help: ['output folder (default verifiers)'] },
  pack: { value: '<p>', help: ['pack folder or shipped pack name (default builtin)'] },
  task: { value: '<id>', multiple: true, help: ['only this task (repeatable)'] },
  force: { help: ['replace programs already in --out'] },
} as const satisfies FlagTable;

export type ConstructArgs = ArgsOf<typeof CONSTRUCT_FLAGS>;

export const constructHelp = `agentproofbench construct --generator <module|builtin[:config.json]> --on <condition>
                          [--replicas 2] [--budget 12] [--out verifiers/] [--pack p] [--task id]

Build frozen verifier programs with a generator under the reuse contract: for every task,
--replicas programs, each from the public task, the docs and reads of the --on condition's
before-state (plus draft runs on it), within --budget units. Writes {task}.{replica}.ts|py
and a sidecar <file>.meta.json (builtOn, generator, budget used, cost C) that run reads.
${flagsHelp(CONSTRUCT_FLAGS, 17)}
Exit code 0 when every program was built, 1 otherwise.`;

const BUILTIN = 'builtin';

function wholeNumber(value: string | undefined, fallback: number, name: string, min: number) {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min)
    throw new UsageError(`--${name} must be a whole number ≥ ${min}, got "${value}"`);
  return number;
}

async function generatorOf(
  reference: string,
  cwd: string,
): Promise<{ name: string; generate: Generator }> {
  if (reference === BUILTIN || reference.startsWith(`${BUILTIN}:`)) {
    const file = reference.slice(BUILTIN.length + 1);
    const config = file
      ? loadModelConfig(GeneratorConfigSchema, path.resolve(cwd, file))
      : GeneratorConfigSchema.parse({});
    return builtinGenerator(config);
  }
  return {
    name: path.basename(reference),
    generate: await loadGeneratorModule(path.resolve(cwd, reference)),
  };
}

function describe(result: ConstructedProgram | ConstructionFailure, cwd: string): string {
  if (!result.ok) return `✗ ${result.task}.${result.replica}: ${result.message}`;
  const { meta } = result;
  return `✓ ${path.relative(cwd, result.file)}  built on ${meta.builtOn}, budget ${meta.budgetUsed}/${meta.budget}, ${meta.draftRuns} draft run(s), C $${meta.constructionCost}`;
}

export async function constructCommand(
  args: ConstructArgs,
  io: CliIO,
  cwd: string = process.cwd(),
): Promise<number> {
  if (!args.generator)
    throw new UsageError('--generator is required (a module, or builtin for the model client)');
  if (!args.on || !(CONDITIONS as readonly string[]).includes(args.on))
    throw new UsageError(`--on must be one of ${CONDITIONS.join(', ')}, got "${args.on ?? ''}"`);
  const on = args.on as ConditionName;
  const replicas = wholeNumber(args.replicas, 2, 'replicas', 1);
  const budget = wholeNumber(args.budget, 12, 'budget', 0);
  const pack = await loadPackOrThrow(resolvePackDir(args.pack, cwd));
  const unknown = (args.task ?? []).filter((id) => !pack.hasTask(id));
  if (unknown.length > 0)
    throw new UsageError(`pack ${pack.manifest.name} has no task ${unknown.join(', ')}`);
  const generator = await generatorOf(args.generator, cwd);
  const results = await construct({
    pack,
    generator: generator.generate,
    generatorName: generator.name,
    on,
    replicas,
    budget,
    out: path.resolve(cwd, args.out ?? 'verifiers'),
    ...(args.task && args.task.length > 0 ? { tasks: args.task } : {}),
    force: args.force === true,
    onProgram: (result) => (result.ok ? io.out : io.error)(describe(result, cwd)),
  });
  const built = results.filter((result) => result.ok);
  const cost = built.reduce((sum, result) => sum + (result.meta.constructionCost ?? 0), 0);
  io.out(
    `${built.length} of ${results.length} programs built on ${on} with ${generator.name}; total C $${Math.round(cost * 1e6) / 1e6}`,
  );
  return built.length === results.length && results.length > 0 ? 0 : 1;
}
