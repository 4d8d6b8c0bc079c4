import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { COMPARE_FLAGS, compareHelp } from '../../src/cli/commands/compare.js';
import { CONSTRUCT_FLAGS, constructHelp } from '../../src/cli/commands/construct.js';
import { IMPORT_FLAGS, importHelp } from '../../src/cli/commands/import.js';
import { LATENCY_FLAGS, latencyHelp } from '../../src/cli/commands/latency.js';
import { runHelp } from '../../src/cli/commands/run.js';
import { RUN_FLAGS } from '../../src/cli/commands/run-flags.js';
import { SCHEMA_FLAGS, schemaHelp } from '../../src/cli/commands/schema.js';
import { VALIDATE_FLAGS, validateHelp } from '../../src/cli/commands/validate.js';
import { type FlagTable, flagsHelp, parseOptionsOf } from '../../src/cli/flags.js';
import { runCli } from '../../src/cli/main.js';

const COMMANDS: Array<[string, FlagTable, string]> = [
  ['validate', VALIDATE_FLAGS, validateHelp],
  ['schema', SCHEMA_FLAGS, schemaHelp],
  ['latency', LATENCY_FLAGS, latencyHelp],
  ['import', IMPORT_FLAGS, importHelp],
  ['run', RUN_FLAGS, runHelp],
  ['construct', CONSTRUCT_FLAGS, constructHelp],
  ['compare', COMPARE_FLAGS, compareHelp],
];

/** The flags a help's option lines start with (`  --name <value>  text`), in order. */
function documentedFlags(help: string): Array<[string, string | undefined]> {
  return help.split('\n').flatMap((line) => {
    const match = /^ {2}--([a-z-]+)(?: (<\S+))?(?: |$)/.exec(line);
    return match ? [[match[1]!, match[2]] as [string, string | undefined]] : [];
  });
}

describe.each(COMMANDS)('the %s command’s flag table', (name, table, help) => {
  it('is exactly what the help documents: every flag once, in table order, with its value', () => {
    expect(documentedFlags(help)).toEqual(
      Object.entries(table).map(([flag, entry]) => [flag, entry.value]),
    );
  });

  it('is what the parser accepts: a value flag takes a string (a list if it repeats), a switch is a boolean', async () => {
    const options = parseOptionsOf(table);
    for (const [flag, entry] of Object.entries(table)) {
      const args = entry.value === undefined ? [`--${flag}`] : [`--${flag}`, 'x'];
      const { values } = parseArgs({ args, options });
      expect(values[flag], `${name} --${flag}`).toEqual(
        entry.value === undefined ? true : entry.multiple ? ['x'] : 'x',
      );
    }
    // A switch left out reads false, not undefined.
    const { values } = parseArgs({ args: [], options });
    for (const [flag, entry] of Object.entries(table))
      expect(values[flag]).toBe(entry.value === undefined ? false : undefined);
  });

  it('answers a flag it does not declare with a usage error and its help', async () => {
    const err: string[] = [];
    const io = { out: () => {}, error: (line: string) => err.push(line) };
    const code = await runCli([name, '--not-a-flag-of-any-command'], io);
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('unknown option --not-a-flag-of-any-command');
    expect(err.join('\n')).toContain(help);
  });
});

describe('flagsHelp', () => {
  it('aligns each flag’s first line at the column, continuation lines under it, and gives a long flag one space', () => {
    const lines = flagsHelp(
      {
        pack: { value: '<p>', help: ['first', 'second'] },
        'a-very-long-flag': { value: '<value>', help: ['beside'] },
        json: { help: ['a switch'] },
      },
      12,
    ).split('\n');
    expect(lines).toEqual([
      '  --pack <p>  first',
      '              second',
      '  --a-very-long-flag <value> beside',
      '  --json      a switch',
    ]);
  });
});
