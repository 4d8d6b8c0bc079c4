import { describe, expect, it } from 'vitest';
import { runOptionsFromArgs } from '../../src/cli/commands/run.js';

describe('agentproofbench run options for the execution study', () => {
  it('passes --online-gate on and reads --programs set=pattern in order', () => {
    expect(
      runOptionsFromArgs({
        programs: ['correct=v/{task}.ts', 'stale=old/{task}.ts'],
        'online-gate': 'judge.ts',
        gate: ['execution.regressions<=0'],
      }),
    ).toMatchObject({
      programs: { correct: 'v/{task}.ts', stale: 'old/{task}.ts' },
      onlineGate: 'judge.ts',
      gates: { execution: { regressions: 0 } },
    });
  });

  it('refuses --programs without a set name, a set named twice, or together with --verifier', () => {
    expect(() => runOptionsFromArgs({ programs: ['v/{task}.ts'] })).toThrow(
      '--programs expects <set>=<module|pattern>, got "v/{task}.ts"',
    );
    expect(() => runOptionsFromArgs({ programs: ['a=x.ts', 'a=y.ts'] })).toThrow(
      'names set "a" twice',
    );
    expect(() => runOptionsFromArgs({ verifier: 'x.ts', programs: ['a=y.ts'] })).toThrow(
      'give either --verifier or --programs, not both',
    );
  });
});
