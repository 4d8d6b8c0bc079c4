import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentProofBenchError } from '../../contract/error.js';

/**
 * The flattened benchmark (`datasets/*.jsonl`) names each test `service_N` (`linear_52`),
 * the ids readers of the paper know. Suites do not carry them; a test is matched to its
 * dataset row by service, seed and instruction.
 */
export type DatasetIds = ReadonlyMap<string, string>;

/**
 * A dataset id becomes a task id, so a file name (`tasks/<id>.json`) and a program-id
 * prefix (`<task>.<replica>`): the importer's own id rule, no separator and no dot.
 */
const DATASET_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export function datasetKey(service: string, seed: string, prompt: string): string {
  return JSON.stringify([service, seed, prompt.trim()]);
}

/** Read every `datasets/*.jsonl` under the data folder; an absent folder gives no ids. */
export async function readDatasetIds(dataDir: string): Promise<DatasetIds> {
  const dir = path.join(dataDir, 'datasets');
  const ids = new Map<string, string>();
  if (!existsSync(dir)) return ids;
  const files = (await readdir(dir)).filter((file) => file.endsWith('.jsonl')).sort();
  for (const file of files) {
    const lines = (await readFile(path.join(dir, file), 'utf8')).split('\n');
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      let entry: { test_id?: unknown; service?: unknown; question?: unknown; info?: unknown };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch (error) {
        throw new AgentProofBenchError(
          'APB_AGENT_DIFF_DATASET',
          `${path.join(dir, file)} line ${index + 1} is not JSON: ${(error as Error).message}`,
          { fix: 'repair or remove that line (each line of a .jsonl file is one JSON object)' },
        );
      }
      const info =
        typeof entry.info === 'string'
          ? (JSON.parse(entry.info) as { seed_template?: unknown })
          : (entry.info as { seed_template?: unknown } | undefined);
      if (
        typeof entry.test_id !== 'string' ||
        typeof entry.service !== 'string' ||
        typeof entry.question !== 'string' ||
        typeof info?.seed_template !== 'string'
      )
        return;
      if (!DATASET_ID_PATTERN.test(entry.test_id))
        throw new AgentProofBenchError(
          'APB_AGENT_DIFF_DATASET',
          `${path.join(dir, file)} line ${index + 1} has test_id ${JSON.stringify(entry.test_id)}, which is not a task id: letters, digits, _ and - only`,
          {
            fix: 'correct that test_id (Agent-Diff names tests like linear_52), or remove the line',
          },
        );
      ids.set(datasetKey(entry.service, info.seed_template, entry.question), entry.test_id);
    });
  }
  return ids;
}
