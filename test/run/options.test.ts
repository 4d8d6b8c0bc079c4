import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentProofBenchError } from '../../src/contract/error.js';
import { resolveOptions } from '../../src/run/options.js';

describe('resolveOptions', () => {
  it('fills in the documented defaults and makes paths absolute against the root', () => {
    const resolved = resolveOptions({ verifier: 'verifiers/{task}.ts' }, '/repo');
    expect(resolved).toEqual({
      name: 'agentproofbench',
      root: '/repo',
      pack: 'builtin',
      programs: [{ set: 'default', pattern: path.resolve('/repo', 'verifiers/{task}.ts') }],
      cost: null,
      runtime: 'isolate',
      isolation: 'pooled',
      concurrency: 4,
      tasks: null,
      conditions: ['source', 'background', 'related'],
      mode: 'tdd',
      gates: {},
      onlineGate: null,
      outputFile: path.resolve('/repo', 'agentproofbench-report.json'),
      limits: {},
      seed: 20260101,
      resamples: 10_000,
      planCache: true,
    });
  });

  it('runs Python verifiers in the process runtime unless told otherwise', () => {
    expect(resolveOptions({ verifier: 'verifiers/{task}.py' }, '/repo').runtime).toBe('process');
    expect(
      resolveOptions({ verifier: 'verifiers/{task}.ts', runtime: 'inline' }, '/repo').runtime,
    ).toBe('inline');
  });

  it('keeps program sets in their given order', () => {
    const resolved = resolveOptions(
      { programs: { reuse: 'a/{task}.ts', rebuild: 'b/{task}.ts' } },
      '/repo',
    );
    expect(resolved.programs.map((program) => program.set)).toEqual(['reuse', 'rebuild']);
  });

  it('names every invalid option at once', () => {
    const attempt = () =>
      resolveOptions(
        {
          verifier: 'v.ts',
          mode: 'strict' as 'tdd',
          runtime: 'docker' as 'isolate',
          gates: { ba: 2 },
          limits: { memoryMb: 4 },
        },
        '/repo',
      );
    expect(attempt).toThrow(AgentProofBenchError);
    expect(attempt).toThrow(
      /runtime: .*"isolate".*\n.*mode: .*"tdd".*\n.*gates\.ba: .*\n.*limits\.memoryMb: .*>=8/,
    );
  });

  it('needs a verifier or program sets, not both', () => {
    expect(() => resolveOptions({}, '/repo')).toThrow('`verifier` is required');
    expect(() => resolveOptions({ verifier: 'a.ts', programs: { x: 'b.ts' } }, '/repo')).toThrow(
      'either `verifier` or `programs`',
    );
  });

  it('rejects unknown option names (a typo must not be ignored)', () => {
    expect(() => resolveOptions({ verifier: 'a.ts', gate: {} } as never, '/repo')).toThrow(
      /Unrecognized key.*gate/,
    );
  });
});
