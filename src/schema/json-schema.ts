import { z } from 'zod';
import { ExecutionsSchema } from './execution.js';
import { ManifestSchema } from './manifest.js';
import { SeedSchema } from './seed.js';
import { TaskSchema } from './task.js';

export const PACK_FILE_KINDS = ['manifest', 'seed', 'task', 'executions'] as const;
export type PackFileKind = (typeof PACK_FILE_KINDS)[number];

const schemas = {
  manifest: ManifestSchema,
  seed: SeedSchema,
  task: TaskSchema,
  executions: ExecutionsSchema,
} as const;

/**
 * JSON Schema (draft 2020-12) of the pack files, generated from the zod schemas so the
 * two never drift. Without a kind: one schema accepting any of the pack's file kinds.
 */
export function packJsonSchema(kind?: PackFileKind): Record<string, unknown> {
  const options = { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' } as const;
  if (kind) {
    return {
      $id: `https://agentproofbench.dev/schema/${kind}.json`,
      title: `AgentProofBench pack ${kind}`,
      ...z.toJSONSchema(schemas[kind], options),
    };
  }
  const union = z.union([ManifestSchema, SeedSchema, TaskSchema, ExecutionsSchema]);
  return {
    $id: 'https://agentproofbench.dev/schema/pack.json',
    title: 'AgentProofBench pack file (pack.json, seeds/*.json, tasks/*.json or executions/*.json)',
    ...z.toJSONSchema(union, options),
  };
}
