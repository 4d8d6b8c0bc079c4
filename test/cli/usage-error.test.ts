import { describe, expect, it } from 'vitest';
import { runCliCaptured as run } from '../support/cli.js';

describe('usage errors on every command', () => {
  it('read the same for the same bad --runtime in run and latency', async () => {
    const fromRun = await run('run', '--verifier', 'v.ts', '--runtime', 'docker');
    const fromBench = await run('latency', '--verifier', 'v.ts', '--runtime', 'docker');
    const firstLine = (text: string) => text.split('\n')[0] ?? '';
    expect(firstLine(fromRun.err)).toBe(
      'agentproofbench run: --runtime must be one of isolate, process, inline, got "docker"',
    );
    expect(firstLine(fromBench.err)).toBe(firstLine(fromRun.err).replace(' run:', ' latency:'));
    expect([fromRun.code, fromBench.code]).toEqual([2, 2]);
  });

  it.each([
    [['run'], 'run', '--verifier is required'],
    [['latency'], 'latency', '--verifier is required'],
    [['latency', '--verifier', 'v.ts', '--iterations', '0'], 'latency', '--iterations must be'],
    [['latency', '--verifier', 'v.ts', '--panel', 'fast'], 'latency', '--panel must be timing'],
    [['run', '--verifier', 'v.ts', '--mode', 'strict'], 'run', '--mode must be tdd or gate'],
    [['run', '--verifier', 'v.ts', '--gate', 'speed>=1'], 'run', 'invalid gate "speed>=1"'],
    [['schema', '--kind', 'nope'], 'schema', '--kind must be one of'],
    [['compare', 'a.json'], 'compare', 'two report files are required'],
    [['compare', 'a.json', 'b.json', '--seed', 'x'], 'compare', '--seed must be'],
    [['import', '--data', 'd', '--out', 'o'], 'import', 'missing import source'],
    [['import', 'agent-diff', '--data', 'd'], 'import', '--data and --out are required'],
    [['validate', '--colour'], 'validate', 'unknown option --colour (see the options below)'],
    [['run', '--verfier', 'v.ts'], 'run', 'unknown option --verfier; did you mean --verifier?'],
    [['run', '--gates', 'errors<=0'], 'run', 'unknown option --gates; did you mean --gate?'],
    [['latency', '--allow-error'], 'latency', 'did you mean --allow-errors?'],
  ])('%j: one prefix, the reason, the help, exit 2', async (argv, command, reason) => {
    const { code, err } = await run(...argv);
    expect(code).toBe(2);
    const [first, blank, help] = err.split('\n');
    expect(first).toMatch(new RegExp(`^agentproofbench ${command}: `));
    expect(first).toContain(reason);
    expect(blank).toBe('');
    expect(help).toMatch(new RegExp(`^agentproofbench ${command} `));
  });

  it('an unknown command names itself with the same prefix, and the command it resembles', async () => {
    const { code, err } = await run('frobnicate');
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe('agentproofbench: unknown command "frobnicate"');
    const typo = await run('valdiate', 'starter');
    expect(typo.code).toBe(2);
    expect(typo.err.split('\n')[0]).toBe(
      'agentproofbench: unknown command "valdiate"; did you mean "validate"?',
    );
  });

  it('a failure that is not about usage exits 1 with the same prefix and no help', async () => {
    const { code, err } = await run('validate', '/nonexistent/pack');
    expect(code).toBe(1);
    expect(err).toMatch(/^agentproofbench validate: APB_PACK_NOT_FOUND: /);
    expect(err).not.toContain('\n\nagentproofbench validate [pack]');
  });
});
