import { reportJsonSchema } from '../../report/report-schema.js';
import { PACK_FILE_KINDS, type PackFileKind, packJsonSchema } from '../../schema/json-schema.js';
import type { CliIO } from '../io.js';
import { UsageError } from '../usage-error.js';

const KINDS = [...PACK_FILE_KINDS, 'report'] as const;

export const schemaHelp = `agentproofbench schema [--kind manifest|seed|task|executions|report]

Print a JSON Schema generated from the zod schemas:
  (no --kind)  any pack file (pack.json, seeds/*.json, tasks/*.json, executions/*.json)
  --kind       one pack file kind, or the JSON report the reporter writes
e.g. agentproofbench schema > pack.schema.json`;

export async function schemaCommand(args: { kind?: string }, io: CliIO): Promise<number> {
  if (args.kind !== undefined && !(KINDS as readonly string[]).includes(args.kind))
    throw new UsageError(`--kind must be one of ${KINDS.join(', ')}, got "${args.kind}"`);
  const schema =
    args.kind === 'report'
      ? reportJsonSchema()
      : packJsonSchema(args.kind as PackFileKind | undefined);
  io.out(JSON.stringify(schema, null, 2));
  return 0;
}
