import { z } from 'zod';
import { ManifestSchema } from './manifest.js';
import { SeedSchema } from './seed.js';
import { TaskSchema } from './task.js';

export const PACK_FILE_KINDS = ['manifest', 'seed', 'task'] as const;
export type PackFileKind = (typeof PACK_FILE_KINDS)[number];

const schemas = { manifest: ManifestSchema, seed: SeedSchema, task: TaskSchema } as const;

/**
 * JSON Schema (draft 2020-12) of the pack files, generated from the zod schemas so the
 * two never drift. Without a kind: one schema accepting any of the three file kinds.
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
  const union = z.union([ManifestSchema, SeedSchema, TaskSchema]);
  return {
    $id: 'https://agentproofbench.dev/schema/pack.json',
    title: 'AgentProofBench pack file (pack.json, seeds/*.json or tasks/*.json)',
    ...z.toJSONSchema(union, options),
  };
}
