import { PACK_FILE_KINDS, type PackFileKind, packJsonSchema } from '../../schema/json-schema.js';
import type { CliIO } from '../io.js';

export const schemaHelp = `agentproofbench schema [--kind manifest|seed|task]

Print the JSON Schema of pack files (generated from the zod schemas), e.g.
  agentproofbench schema > pack.schema.json`;

export async function schemaCommand(args: { kind?: string }, io: CliIO): Promise<number> {
  if (args.kind !== undefined && !(PACK_FILE_KINDS as readonly string[]).includes(args.kind)) {
    io.error(`unknown --kind "${args.kind}"; expected one of ${PACK_FILE_KINDS.join(', ')}`);
    return 2;
  }
  io.out(JSON.stringify(packJsonSchema(args.kind as PackFileKind | undefined), null, 2));
  return 0;
}
