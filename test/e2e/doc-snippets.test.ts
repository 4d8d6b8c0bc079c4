// Every ```ts block of README.md, examples/README.md and docs/*.md runs as pasted in a
// throwaway user repository, as the kind of file its `<!-- snippet: kind -->` marker names
// (docs/api.md lists the entry points they use). One project is shared, and each snippet
// runs on linear_1 only: the only verifier file the project has (examples/verifiers).
import { existsSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ScriptedChatServer,
  startScriptedChatServer,
} from '../support/chat-completions-server.js';
import { type DocSnippet, docSnippets, SNIPPET_KINDS } from '../support/doc-snippets.js';
import { REPO_ROOT } from '../support/readme.js';
import { type UserProject, userProject } from './support/user-project.js';

const snippets = docSnippets();
const runnable = snippets.filter((snippet) => snippet.kind !== 'fragment');

describe('the docs snippets', () => {
  it('each ```ts block names its kind, and a fragment says what it leaves out', () => {
    const unmarked = snippets.filter((snippet) => snippet.kind === undefined);
    expect(unmarked.map((snippet) => snippet.where)).toEqual([]);
    const unknown = snippets.filter(
      (snippet) => !(SNIPPET_KINDS as readonly string[]).includes(snippet.kind ?? ''),
    );
    expect(unknown.map((snippet) => `${snippet.where}: ${snippet.kind}`)).toEqual([]);
    expect(runnable.length).toBeGreaterThanOrEqual(10);
  });

  it('a file that is not a fragment has its own imports: nothing relies on a global', () => {
    for (const snippet of runnable) {
      if (snippet.kind === 'test') expect(snippet.code, snippet.where).toMatch(/from 'vitest'/);
      if (snippet.kind === 'config')
        expect(snippet.code, snippet.where).toMatch(/^export default defineConfig\(/m);
      if (snippet.kind === 'verifier' || snippet.kind === 'generator')
        expect(snippet.code, snippet.where).toMatch(/^export (const|function|default)/m);
    }
  });
});

describe('each docs snippet runs as pasted in a user repository', () => {
  let project: UserProject;
  let judge: ScriptedChatServer;

  beforeAll(async () => {
    project = userProject('doc-snippets');
    project.copy('examples/verifiers/linear_1.ts', 'verifiers/linear_1.ts');
    project.copy('examples/verifiers/lib', 'verifiers/lib');
    // `npx tsx file.ts` for the script snippets, as a user with tsx installed runs them.
    symlinkSync(
      path.join(REPO_ROOT, 'node_modules', 'tsx'),
      path.join(project.dir, 'node_modules', 'tsx'),
      'dir',
    );
    // A keyless local judge (the README's judge.json names the model; the base URL comes from
    // the environment): every answer is a plain pass.
    judge = await startScriptedChatServer([], () => ({ content: 'VERDICT: pass' }));
    project.write(
      'judge.json',
      '{ "model": "gpt-4.1-mini", "price": { "inputPerMillion": 0.4, "outputPerMillion": 1.6 } }\n',
    );
  });
  afterAll(async () => {
    await judge?.close();
    project?.remove();
  });

  const slug = (snippet: DocSnippet) => snippet.where.replace(/[^\w]+/g, '-').toLowerCase();

  it.each(runnable.map((snippet) => [snippet.where, snippet] as const))(
    '%s',
    async (_where, snippet) => {
      const env = { AGENTPROOFBENCH_JUDGE_BASE_URL: judge.baseUrl };
      switch (snippet.kind) {
        case 'test': {
          // Under the name the snippet gives, in a folder of its own so that no other file runs.
          const file = path.join('snippets', slug(snippet), snippet.fileName ?? 'snippet.test.ts');
          project.write(file, snippet.code);
          const run = await project.vitest(['run', '--reporter=verbose', file], env);
          expect(run.exitCode, run.output).toBe(0);
          expect(run.output).toMatch(/Tests +\d+ passed/);
          expect(run.output).not.toMatch(/failed|skipped/);
          break;
        }
        case 'config': {
          // The program folders the config names get the example verifier of linear_1.
          for (const [, folder] of snippet.code.matchAll(/'([\w-]+)\/\{task\}\.ts'/g))
            if (folder !== 'verifiers') {
              project.copy('examples/verifiers/linear_1.ts', `${folder}/linear_1.ts`);
              project.copy('examples/verifiers/lib', `${folder}/lib`);
            }
          project.write('vitest.config.ts', snippet.code);
          try {
            const run = await project.vitest(['run', '--project', 'agentproofbench'], env);
            expect(run.exitCode, run.output).toBe(0);
            expect(run.output).toMatch(/linear_1/);
            expect(run.output).toMatch(/Tests +\d+ passed/);
          } finally {
            rmSync(path.join(project.dir, 'vitest.config.ts'));
          }
          break;
        }
        case 'verifier': {
          const file = `snippets/${slug(snippet)}/verifier.ts`;
          project.write(file, snippet.code);
          project.write(
            `snippets/${slug(snippet)}/verifier.test.ts`,
            [
              "import { expect, test } from 'vitest';",
              "import { openPack } from 'agentproofbench';",
              "import 'agentproofbench/matchers';",
              "test('the verifier loads and decides without an error', async () => {",
              "  const task = (await openPack('builtin')).task('linear_1');",
              `  await expect('${file}').toAcceptValid(task.outcome('related', 'complete'));`,
              // Opening the built-in pack derives its 1,297 states from their calls: more
              // than Vitest's 5 s default on a loaded 2-core machine.
              '}, 120_000);',
              '',
            ].join('\n'),
          );
          const run = await project.vitest(['run', `snippets/${slug(snippet)}/`], env);
          expect(run.exitCode, run.output).toBe(0);
          break;
        }
        case 'bench': {
          const file = snippet.fileName ?? 'snippet.bench.ts';
          project.write(file, snippet.code);
          try {
            const run = await project.vitest(['bench', '--run', file], env);
            expect(run.exitCode, run.output).toBe(0);
            expect(run.output).toMatch(/linear_1/);
          } finally {
            rmSync(path.join(project.dir, file));
          }
          break;
        }
        case 'script': {
          const file = snippet.fileName ?? 'snippet.ts';
          project.write(file, snippet.code);
          const run = await project.node(['--import', 'tsx', file], env);
          expect(run.exitCode, run.output).toBe(0);
          expect(run.output.trim()).not.toBe('');
          break;
        }
        case 'generator': {
          const file = snippet.fileName ?? 'generator.ts';
          const out = `snippets/${slug(snippet)}/built`;
          project.write(file, snippet.code);
          const run = await project.cli(
            [
              'construct',
              '--generator',
              file,
              '--on',
              'source',
              '--replicas',
              '1',
              '--budget',
              '4',
            ].concat(['--task', 'linear_1', '--out', out]),
            env,
          );
          expect(run.exitCode, run.output).toBe(0);
          // `{task}.{replica}.ts` (docs/construct.md), replicas r1, r2, …
          expect(existsSync(path.join(project.dir, out, 'linear_1.r1.ts')), run.output).toBe(true);
          expect(readFileSync(path.join(project.dir, out, 'linear_1.r1.ts'), 'utf8')).toMatch(
            /export function verify/,
          );
          break;
        }
        default:
          throw new Error(`${snippet.where}: no runner for the kind "${snippet.kind}"`);
      }
    },
    240_000,
  );
});
