import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { AgentProofBenchError } from '../contract/error.js';
import type { Generator } from './generator.js';

/** A generator module that cannot be used: names the file and how to fix it. */
const moduleError = (problem: string, fix: string) =>
  new AgentProofBenchError('APB_GENERATOR_MODULE', problem, { fix });

const TYPESCRIPT = ['.ts', '.mts', '.cts'];

/**
 * Import a user's generator module. It is the user's own code running on the host (like a
 * Vitest config), not a verifier: TypeScript is compiled with esbuild next to the file so
 * that its imports resolve as they would there, then imported and the build removed.
 */
export async function loadGeneratorModule(file: string): Promise<Generator> {
  const absolute = path.resolve(file);
  if (!existsSync(absolute))
    throw moduleError(`${absolute} does not exist`, 'give the path of a .ts or .js module');
  let target = absolute;
  let built: string | undefined;
  if (TYPESCRIPT.includes(path.extname(absolute))) {
    built = path.join(
      path.dirname(absolute),
      `.agentproofbench-generator-${randomBytes(6).toString('hex')}.mjs`,
    );
    try {
      await build({
        entryPoints: [absolute],
        outfile: built,
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'silent',
      });
    } catch (error) {
      await rm(built, { force: true });
      throw moduleError(
        `${absolute} does not compile: ${(error as Error).message}`,
        'fix the error esbuild names',
      );
    }
    target = built;
  }
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(target).href)) as Record<string, unknown>;
  } catch (error) {
    throw moduleError(
      `cannot import ${absolute}: ${(error as Error).message}`,
      'fix the error it throws when it loads',
    );
  } finally {
    if (built) await rm(built, { force: true });
  }
  const generate = module.generate ?? module.default;
  if (typeof generate !== 'function') {
    throw moduleError(
      `${absolute} exports no generator`,
      'export a function as default or as "generate" (docs/construct.md)',
    );
  }
  return generate as Generator;
}
