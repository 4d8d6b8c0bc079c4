import { describe, expect, it } from 'vitest';
import { runOptionsFromArgs } from '../../src/cli/commands/run.js';
import { runCli } from '../../src/cli/main.js';
import { collectIO, runCliCaptured } from '../support/cli.js';

const collect = collectIO;

describe('agentproofbench run: arguments', () => {
  it('turns flags into project options, gate mode by default, gates merged', () => {
    expect(
      runOptionsFromArgs({
        verifier: 'v/{task}.ts',
        pack: 'starter',
        runtime: 'inline',
        json: 'r.json',
        gate: ['ba.related>=0.9', 'errors<=0'],
        task: ['starter_1'],
      }),
    ).toEqual({
      verifier: 'v/{task}.ts',
      pack: 'starter',
      runtime: 'inline',
      outputFile: 'r.json',
      tasks: ['starter_1'],
      mode: 'gate',
      gates: { ba: { related: 0.9 }, errors: 0 },
    });
    expect(runOptionsFromArgs({ verifier: 'v.ts', mode: 'tdd' }).mode).toBe('tdd');
  });

  it('passes isolation, concurrency and program sets through', () => {
    expect(
      runOptionsFromArgs({
        programs: ['reuse=a/{task}.ts', 'rebuild=b/{task}.ts'],
        isolation: 'fresh',
        concurrency: '1',
      }),
    ).toEqual({
      programs: { reuse: 'a/{task}.ts', rebuild: 'b/{task}.ts' },
      isolation: 'fresh',
      concurrency: 1,
      mode: 'gate',
      gates: {},
    });
  });

  it.each([
    [{}, '--verifier is required'],
    [
      { verifier: 'v.ts', runtime: 'docker' },
      '--runtime must be one of isolate, process, inline, got "docker"',
    ],
    [{ verifier: 'v.ts', mode: 'strict' }, '--mode must be tdd or gate'],
    [{ verifier: 'v.ts', gate: ['speed>=1'] }, 'invalid gate "speed>=1"'],
    [{ verifier: 'v.ts', isolation: 'shared' }, '--isolation must be one of pooled, fresh'],
    [{ verifier: 'v.ts', concurrency: '0' }, '--concurrency must be a whole number from 1 to 64'],
  ])('rejects %j', (args, message) => {
    expect(() => runOptionsFromArgs(args)).toThrow(message);
  });

  it('exits 2 with the reason on bad arguments, before starting Vitest', async () => {
    const { io, error } = collect();
    expect(await runCli(['run', '--verifier', 'v.ts', '--gate', 'ba.related<=1'], io)).toBe(2);
    expect(error.join('\n')).toContain('invalid gate "ba.related<=1": ba is a minimum: use >=');
  });

  it('prints a set-up mistake as one line with its code, exit 1, before starting Vitest', async () => {
    const { code, out, err } = await runCliCaptured(
      'run',
      '--pack',
      'starter',
      '--verifier',
      '/nonexistent/verifiers/{task}.ts',
    );
    expect(code).toBe(1);
    expect(err.split('\n')[0]).toBe(
      'agentproofbench run: APB_NO_PROGRAMS: no verifier program matches any selected task (/nonexistent/verifiers/{task}.ts; tasks: starter_1, starter_2)',
    );
    expect(err).not.toContain('cannot run this project');
    expect(out).toBe('');
    const broken = await runCliCaptured(
      'run',
      '--pack',
      'fixtures/packs/broken/duplicate-task-id',
      '--verifier',
      'v.ts',
    );
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/^agentproofbench run: APB_PACK_INVALID: /);
  });

  it('prints its help', async () => {
    const { io, out } = collect();
    expect(await runCli(['run', '--help'], io)).toBe(0);
    expect(out.join('\n')).toContain('agentproofbench run --verifier <module|pattern>');
  });
});
