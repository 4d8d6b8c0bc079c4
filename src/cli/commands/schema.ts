import { reportJsonSchema } from '../../report/report-schema.js';
import { PACK_FILE_KINDS, type PackFileKind, packJsonSchema } from '../../schema/json-schema.js';
import { type ArgsOf, type FlagTable, flagsHelp } from '../flags.js';
import type { CliIO } from '../io.js';
import { UsageError } from '../usage-error.js';

const KINDS = [...PACK_FILE_KINDS, 'report'] as const;

/** Every flag of `agentproofbench schema`: its parser options, help lines and types. */
export const SCHEMA_FLAGS = {
  kind: {
    value: '<k>',
    help: [
      'one pack file kind (manifest, seed, task, executions), or report: the JSON',
      'report the reporter writes (default: any pack file)',
    ],
  },
} as const satisfies FlagTable;

export type SchemaArgs = ArgsOf<typeof SCHEMA_FLAGS>;

export const schemaHelp = `agentproofbench schema [--kind manifest|seed|task|executions|report]

Print a JSON Schema generated from the zod schemas of pack files (pack.json, seeds/*.json,
tasks/*.json, executions/*.json), or of the JSON report.
${flagsHelp(SCHEMA_FLAGS, 12)}
e.g. agentproofbench schema > pack.schema.json`;

export async function schemaCommand(args: SchemaArgs, io: CliIO): Promise<number> {
  if (args.kind !== undefined && !(KINDS as readonly string[]).includes(args.kind))
    throw new UsageError(`--kind must be one of ${KINDS.join(', ')}, got "${args.kind}"`);
  const schema =
    args.kind === 'report'
      ? reportJsonSchema()
      : packJsonSchema(args.kind as PackFileKind | undefined);
  io.out(JSON.stringify(schema, null, 2));
  return 0;
}
