import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentProofBenchError } from '../../contract/error.js';
import type { Seed } from '../../schema/seed.js';
import type { Service } from '../../schema/service.js';
import { serviceTableKeys } from '../../services/registry.js';
import { loadAgentDiffBoxSeed } from './box-seed.js';
import { checkImportedJson } from './json-values.js';
import { seedFromAgentDiff } from './seed.js';

export interface LoadedSeed {
  seed: Seed;
  skippedTables: string[];
  /** Box only: versions whose file is not in `seeds/box/filesystem/`. */
  missingContent: string[];
}

export function seedFile(dataDir: string, service: Service, name: string): string {
  return path.join(dataDir, 'seeds', service, `${name}.json`);
}

/** Names of the seed templates a service has in the data folder. */
export async function seedNames(dataDir: string, service: Service): Promise<string[]> {
  const dir = path.join(dataDir, 'seeds', service);
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name.slice(0, -'.json'.length))
    .sort();
}

/**
 * Load `seeds/<service>/<name>.json` as our seed, with the service's table keys. Box
 * seeds also get each file version's content from `seeds/box/filesystem/`.
 */
export async function loadAgentDiffSeed(
  dataDir: string,
  service: Service,
  name: string,
): Promise<LoadedSeed> {
  const file = seedFile(dataDir, service, name);
  if (!existsSync(file))
    throw new AgentProofBenchError(
      'APB_AGENT_DIFF_SEED',
      `seed template "${name}" not found: expected ${file}`,
      { fix: "point --data at the Agent-Diff folder that holds the suite's seed templates" },
    );
  if (service === 'box') return loadAgentDiffBoxSeed(dataDir, name);
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new AgentProofBenchError(
      'APB_AGENT_DIFF_SEED',
      `${file} is not JSON: ${(error as Error).message}`,
      { fix: 'repair the seed file, or restore it from the Agent-Diff data' },
    );
  }
  checkImportedJson(data, file);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new AgentProofBenchError(
      'APB_AGENT_DIFF_SEED',
      `${file} should hold an object of table name -> rows`,
      { fix: 'give the seed file the shape {"<table>": [rows…]}' },
    );
  }
  const { seed, skippedTables } = seedFromAgentDiff(
    name,
    service,
    data as Record<string, unknown>,
    serviceTableKeys(service),
  );
  return { seed, skippedTables, missingContent: [] };
}
