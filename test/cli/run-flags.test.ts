import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runHelp } from '../../src/cli/commands/run.js';
import { RUN_FLAGS, RUN_PARSE_OPTIONS, runFlagsHelp } from '../../src/cli/commands/run-flags.js';

describe("run's flag table", () => {
  it('is what the help lists: every flag once, in the table order, with its value', () => {
    const listed = runHelp
      .split('\n')
      .flatMap((line) => /^ {2}--([a-z-]+) (\S+)/.exec(line) ?? [])
      .filter((_, index) => index % 3 !== 0);
    const pairs = [];
    for (let index = 0; index < listed.length; index += 2)
      pairs.push([listed[index], listed[index + 1]]);
    expect(pairs).toEqual(Object.entries(RUN_FLAGS).map(([name, flag]) => [name, flag.value]));
    expect(runHelp).toContain(runFlagsHelp());
  });

  it('aligns each flag’s help: beside the flag at its column, continuation lines under it', () => {
    const lines = runFlagsHelp().split('\n');
    let at = 0;
    for (const [name, flag] of Object.entries(RUN_FLAGS)) {
      const usage = `--${name} ${flag.value}`;
      // At its column, or one space after a flag longer than that.
      const column = 2 + Math.max('column' in flag ? flag.column : 17, usage.length + 1);
      expect(lines[at]?.startsWith(`  ${usage} `)).toBe(true);
      expect(lines[at]?.slice(column)).toBe(flag.help[0]);
      for (const [offset, text] of flag.help.slice(1).entries())
        expect(lines[at + 1 + offset]).toBe(`${' '.repeat(19)}${text}`);
      at += flag.help.length;
    }
    expect(at).toBe(lines.length);
  });

  it('parses a repeatable flag into a list and any other into one string', () => {
    const { values } = parseArgs({
      args: [
        '--gate',
        'errors<=0',
        '--gate',
        'ba.related>=0.9',
        '--pack',
        'starter',
        '--task',
        't1',
      ],
      options: RUN_PARSE_OPTIONS,
    });
    expect(values).toEqual({
      gate: ['errors<=0', 'ba.related>=0.9'],
      pack: 'starter',
      task: ['t1'],
    });
    for (const [name, flag] of Object.entries(RUN_FLAGS))
      expect(RUN_PARSE_OPTIONS[name as keyof typeof RUN_FLAGS]).toEqual(
        'multiple' in flag ? { type: 'string', multiple: true } : { type: 'string' },
      );
  });
});
