import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeSnippet } from '../support/readme.js';
import { REPO_ROOT, tempDir } from './support/run-vitest.js';

/**
 * The README's install, run as written in a repository made by `npm init -y`, beside a
 * checkout of this repository. Two flags are added, and only to save minutes: `--ignore-scripts`
 * (`npm pack` would rebuild the package that `npm test` has just built, and the install would
 * compile isolated-vm; its built addon is copied from this repository instead, same version and
 * Node) and `--prefer-offline` (the packages come from npm's cache that `npm ci` filled).
 */
describe('README "Use it in your repository": the install as written', () => {
  const parent = tempDir('install');
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('packs the checkout, installs the tarball into an `npm init -y` repository and runs a verifier', async () => {
    symlinkSync(REPO_ROOT, path.join(parent, 'agentproofbench'), 'dir');
    const user = path.join(parent, 'user-repo');
    mkdirSync(user);
    const sh = (command: string, args: string[]) =>
      execa(command, args, { cwd: user, reject: false, all: true, timeout: 240_000 });
    expect((await sh('npm', ['init', '-y'])).exitCode).toBe(0);
    expect(JSON.parse(readFileSync(path.join(user, 'package.json'), 'utf8')).type).toBe('commonjs');

    const commands = readmeSnippet('Use it in your repository', 'sh').split('\n');
    expect(commands).toEqual([
      'npm pkg set type=module',
      'npm pkg set allowScripts.isolated-vm=true allowScripts.esbuild=true --json',
      'npm pack ../agentproofbench',
      'npm i -D vitest@4.1.12 ./agentproofbench-0.1.0.tgz',
    ]);
    const saving: Record<string, string[]> = {
      'npm pack': ['--ignore-scripts'],
      'npm i': ['--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
    };
    for (const command of commands) {
      const [bin, ...args] = command.split(' ');
      const extra = Object.entries(saving).find(([start]) => command.startsWith(start))?.[1] ?? [];
      const ran = await sh(bin!, [...args, ...extra]);
      expect(ran.exitCode, `${command}\n${ran.all}`).toBe(0);
    }
    const manifest = JSON.parse(readFileSync(path.join(user, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      type: 'module',
      allowScripts: { 'isolated-vm': true, esbuild: true },
      devDependencies: { agentproofbench: 'file:agentproofbench-0.1.0.tgz', vitest: '^4.1.12' },
    });
    // What isolated-vm's install script builds (skipped above, see the comment at the top).
    cpSync(
      path.join(REPO_ROOT, 'node_modules/isolated-vm/out'),
      path.join(user, 'node_modules/isolated-vm/out'),
      { recursive: true },
    );

    writeFileSync(
      path.join(user, 'vitest.config.ts'),
      `${readmeSnippet('Use it in your repository', 'ts')}\n`,
    );
    cpSync(
      path.join(REPO_ROOT, 'examples/verifiers/linear_1.ts'),
      path.join(user, 'verifiers/linear_1.ts'),
    );
    cpSync(path.join(REPO_ROOT, 'examples/verifiers/lib'), path.join(user, 'verifiers/lib'), {
      recursive: true,
    });
    const run = await execa('npx', ['vitest', 'run', '--project', 'agentproofbench'], {
      cwd: user,
      reject: false,
      all: true,
      timeout: 240_000,
      env: { CI: '1', NO_COLOR: '1', GITHUB_STEP_SUMMARY: '' },
    });
    expect(run.all).not.toMatch(/CJS build of Vite's Node API is deprecated/);
    expect(run.all).toMatch(/Tests\s+\d+ passed/);
    expect(run.exitCode, run.all).toBe(0);
  });
});
