import type { ParseArgsConfig } from 'node:util';

/** One flag of a command: its value's placeholder (none for a switch), whether it repeats, its help. */
export interface Flag {
  /** The value's placeholder in the help, e.g. `<p>`; a flag without one is a switch (`--json`). */
  value?: string;
  multiple?: true;
  /** The help's lines; the first beside the flag, the rest under it. */
  help: readonly string[];
  /** Where this flag's first line starts, for a long flag aligned with its neighbour. */
  column?: number;
}

/**
 * Every flag of one command, in the order its help lists them: the parser's options, the
 * help's flag lines and the command's argument type all come from the one table, so a flag
 * cannot be parsed without being documented, or documented without being parsed.
 */
export type FlagTable = Readonly<Record<string, Flag>>;

/** The flags as parsed: a string for a flag with a value, a list if it repeats, a switch a boolean. */
export type ArgsOf<Table extends FlagTable> = {
  [Name in keyof Table]?: Table[Name] extends { value: string }
    ? Table[Name] extends { multiple: true }
      ? string[]
      : string
    : boolean;
};

/** What `util.parseArgs` takes as `options`. */
export type ParseOptions = NonNullable<ParseArgsConfig['options']>;

/** The table as `util.parseArgs` options; a switch defaults to false. */
export function parseOptionsOf(table: FlagTable): ParseOptions {
  return Object.fromEntries(
    Object.entries(table).map(([name, flag]) => [
      name,
      flag.value === undefined
        ? { type: 'boolean', default: false }
        : flag.multiple
          ? { type: 'string', multiple: true }
          : { type: 'string' },
    ]),
  );
}

/** Help lines indent by two. */
const INDENT = 2;

/**
 * The flags' part of a command's help: each flag with its value and its help, the text at
 * `column` (counted after the indent; one space after a flag longer than that), continuation
 * lines under it.
 */
export function flagsHelp(table: FlagTable, column: number): string {
  return Object.entries(table)
    .flatMap(([name, flag]) => {
      const usage = flag.value === undefined ? `--${name}` : `--${name} ${flag.value}`;
      const [first = '', ...rest] = flag.help;
      return [
        `${' '.repeat(INDENT)}${usage.padEnd((flag.column ?? column) - 1)} ${first}`,
        ...rest.map((line) => `${' '.repeat(INDENT + column)}${line}`),
      ];
    })
    .join('\n');
}
