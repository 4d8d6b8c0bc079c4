import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCliCaptured } from '../support/cli.js';

const SCRIPTED = 'fixtures/generators/scripted.ts';
const out = () => mkdtempSync(path.join(os.tmpdir(), 'apb-cli-construct-'));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('agentproofbench construct', () => {
  it.each([
    [['--on', 'source'], '--generator is required (a module, or builtin for the model client)'],
    [['--generator', SCRIPTED], '--on must be one of source, background, related, got ""'],
    [
      ['--generator', SCRIPTED, '--on', 'later'],
      '--on must be one of source, background, related, got "later"',
    ],
    [
      ['--generator', SCRIPTED, '--on', 'source', '--replicas', '0'],
      '--replicas must be a whole number ≥ 1, got "0"',
    ],
    [
      ['--generator', SCRIPTED, '--on', 'source', '--budget', 'lots'],
      '--budget must be a whole number ≥ 0, got "lots"',
    ],
  ])('exits 2 naming the bad argument: %j', async (args, message) => {
    const result = await runCliCaptured('construct', ...args);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`agentproofbench construct: ${message}`);
  });

  it('exits 2 for a task the pack does not have', async () => {
    const result = await runCliCaptured(
      'construct',
      '--generator',
      SCRIPTED,
      '--on',
      'source',
      '--pack',
      'starter',
      '--task',
      'linear_99',
    );
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      'agentproofbench construct: pack starter has no task linear_99\n\n',
    );
  });

  it('builds the selected task and prints one line per program and a total', async () => {
    const dir = out();
    const result = await runCliCaptured(
      'construct',
      '--generator',
      SCRIPTED,
      '--on',
      'related',
      '--pack',
      'starter',
      '--task',
      'starter_2',
      '--replicas',
      '1',
      '--out',
      dir,
    );
    expect(result.code, result.err).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['starter_2.r1.ts', 'starter_2.r1.ts.meta.json']);
    expect(result.out).toContain('built on related, budget 2/12, 1 draft run(s), C $0.25');
    expect(result.out).toContain(
      '1 of 1 programs built on related with scripted.ts; total C $0.25',
    );
  });

  it('fails for a missing generator module, naming it', async () => {
    const result = await runCliCaptured(
      'construct',
      '--generator',
      'nowhere/gen.ts',
      '--on',
      'source',
      '--pack',
      'starter',
    );
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `APB_GENERATOR_MODULE: ${path.resolve('nowhere/gen.ts')} does not exist`,
    );
  });

  it('refuses the built-in generator without a model or a key, saying a provider and a key are needed', async () => {
    for (const name of [
      'AGENTPROOFBENCH_JUDGE_MODEL',
      'OPENAI_MODEL',
      'AGENTPROOFBENCH_JUDGE_BASE_URL',
      'OPENAI_BASE_URL',
      'AGENTPROOFBENCH_JUDGE_API_KEY',
      'OPENAI_API_KEY',
    ])
      vi.stubEnv(name, '');
    vi.stubEnv('AGENTPROOFBENCH_JUDGE_MODEL', 'some-model');
    const result = await runCliCaptured(
      'construct',
      '--generator',
      'builtin',
      '--on',
      'source',
      '--pack',
      'starter',
      '--out',
      out(),
    );
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'APB_MODEL_KEY_MISSING: no API key for the OpenAI API (live runs need a provider and a key)\nFix: set $AGENTPROOFBENCH_JUDGE_API_KEY, or "baseUrl" for a local server that needs no key',
    );
  });
});
