import { describe, expect, it } from 'vitest';
import { runOptionsFromArgs } from '../../src/cli/commands/run.js';
import { resolveOptions } from '../../src/run/options.js';

describe('agentproofbench run: program sets, build conditions and costs', () => {
  it('turns --programs and --built-on into the same options a config gives', () => {
    const options = runOptionsFromArgs({
      programs: ['reuse=src/{task}.ts', 'rebuild=rel/{task}.ts'],
      'built-on': ['reuse=source', 'rebuild=related'],
      'alternative-cost': '0.04',
      'cost-per-second': '0.001',
    });
    expect(options).toMatchObject({
      programs: {
        reuse: { verifier: 'src/{task}.ts', builtOn: 'source' },
        rebuild: { verifier: 'rel/{task}.ts', builtOn: 'related' },
      },
      cost: { alternativePerUse: 0.04, perSecond: 0.001 },
    });
    expect(options.verifier).toBeUndefined();
    const resolved = resolveOptions(options, '/project');
    expect(resolved.programs).toEqual([
      { set: 'reuse', pattern: '/project/src/{task}.ts', builtOn: 'source' },
      { set: 'rebuild', pattern: '/project/rel/{task}.ts', builtOn: 'related' },
    ]);
    expect(resolved.cost).toEqual({ alternativePerUse: 0.04, perSecond: 0.001 });
  });

  it('takes a bare --built-on for a single --verifier', () => {
    const options = runOptionsFromArgs({ verifier: 'v/{task}.ts', 'built-on': ['source'] });
    expect(options).toMatchObject({ verifier: 'v/{task}.ts', builtOn: 'source' });
    expect(resolveOptions(options, '/p').programs).toEqual([
      { set: 'default', pattern: '/p/v/{task}.ts', builtOn: 'source' },
    ]);
  });

  it.each([
    [{ programs: ['reuse'] }, '--programs expects <set>=<module|pattern>'],
    [{ verifier: 'v.ts', programs: ['a=b.ts'] }, 'either --verifier or --programs'],
    [{ verifier: 'v.ts', 'built-on': ['yesterday'] }, '--built-on must name a condition'],
    [{ programs: ['a=b.ts'], 'built-on': ['c=source'] }, '--built-on names no --programs set: c'],
    [{ programs: ['a=b.ts'], 'built-on': ['source'] }, 'give --built-on <set>=<condition>'],
    [{ verifier: 'v.ts', 'built-on': ['a=source'] }, 'needs --programs sets'],
    [{ verifier: 'v.ts', 'alternative-cost': 'free' }, '--alternative-cost must be a number ≥ 0'],
  ])('rejects %j', (args, message) => {
    expect(() => runOptionsFromArgs(args)).toThrow(message);
  });

  it('rejects builtOn beside programs in a config, naming where it goes', () => {
    expect(() => resolveOptions({ programs: { a: 'a.ts' }, builtOn: 'source' }, '/p')).toThrow(
      'give it per set',
    );
    expect(() =>
      resolveOptions({ programs: { a: { verifier: 'a.ts', builtOn: 'nowhere' as never } } }, '/p'),
    ).toThrow('programs.a');
  });
});
