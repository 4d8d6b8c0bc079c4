import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { REPO_ROOT, tempDir, type VitestRun } from './run-vitest.js';

const VITEST_BIN = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');

/**
 * A throwaway user repository outside this one, importing the built package by its name
 * (`agentproofbench`, `agentproofbench/vitest`, …) through node_modules links: what a user
 * gets after `npm i -D vitest agentproofbench` (needs `npm run build`).
 */
export interface UserProject {
  dir: string;
  write(file: string, text: string): void;
  /** Copy a file or folder of this repository into the project. */
  copy(from: string, to: string): void;
  vitest(args: string[], env?: Record<string, string>): Promise<VitestRun>;
  /** Run the installed `agentproofbench` binary. */
  cli(args: string[], env?: Record<string, string>): Promise<VitestRun>;
  /** Run `node <args>` in the project (e.g. `--import tsx file.ts`, as `npx tsx` would). */
  node(args: string[], env?: Record<string, string>): Promise<VitestRun>;
  remove(): void;
}

export function userProject(prefix: string): UserProject {
  const dir = tempDir(prefix);
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(REPO_ROOT, path.join(dir, 'node_modules', 'agentproofbench'), 'dir');
  symlinkSync(
    path.join(REPO_ROOT, 'node_modules', 'vitest'),
    path.join(dir, 'node_modules', 'vitest'),
    'dir',
  );
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "user-repo", "type": "module" }\n');
  const run = async (
    file: string | undefined,
    args: string[],
    env: Record<string, string> = {},
  ) => {
    const result = await execa(process.execPath, file === undefined ? args : [file, ...args], {
      cwd: dir,
      env: { CI: '1', NO_COLOR: '1', GITHUB_STEP_SUMMARY: '', ...env },
      reject: false,
      all: true,
      timeout: 240_000,
    });
    return { exitCode: result.exitCode ?? -1, output: result.all ?? '' };
  };
  return {
    dir,
    write(file, text) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    },
    copy(from, to) {
      cpSync(path.join(REPO_ROOT, from), path.join(dir, to), { recursive: true });
    },
    vitest: (args, env) => run(VITEST_BIN, args, env),
    cli: (args, env) => run(path.join(REPO_ROOT, 'dist/src/cli/bin.js'), args, env),
    node: (args, env) => run(undefined, args, env),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
