import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AgentProofBenchError } from '../../contract/error.js';
import type { Row } from '../../schema/json.js';
import type { Seed } from '../../schema/seed.js';
import { BoxTableKeys } from '../../services/box/tables.js';
import { checkImportedJson } from './json-values.js';
import { seedFromAgentDiff } from './seed.js';

export interface AgentDiffBoxSeed {
  seed: Seed;
  skippedTables: string[];
  /** `local_path` of versions whose file is not on disk (their content stays absent: 404 on download). */
  missingContent: string[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text when the bytes are valid UTF-8 without NUL bytes; base64 otherwise (PDFs, images). */
export function encodeContent(bytes: Uint8Array): {
  content: string;
  content_encoding: 'utf8' | 'base64';
} {
  if (!bytes.includes(0)) {
    try {
      return { content: utf8.decode(bytes), content_encoding: 'utf8' };
    } catch {
      // not UTF-8: fall through to base64
    }
  }
  return { content: Buffer.from(bytes).toString('base64'), content_encoding: 'base64' };
}

/**
 * Loads an Agent-Diff Box seed (`seeds/box/<name>.json`) and reads each version's
 * `local_path` (e.g. `examples/box/seeds/filesystem/a/b.txt`, relative to their repo)
 * from `seeds/box/filesystem/` into the `content` / `content_encoding` columns.
 */
export function loadAgentDiffBoxSeed(agentDiffDir: string, name = 'box_default'): AgentDiffBoxSeed {
  const seedFile = path.join(agentDiffDir, 'seeds', 'box', `${name}.json`);
  if (!existsSync(seedFile))
    throw new AgentProofBenchError(
      'APB_AGENT_DIFF_SEED',
      `Agent-Diff Box seed not found: expected ${seedFile}`,
      {
        fix: 'point --data (or AGENTPROOFBENCH_SHARED) at the Agent-Diff folder that holds the Box seed',
      },
    );
  const data = JSON.parse(readFileSync(seedFile, 'utf8')) as Record<string, unknown>;
  checkImportedJson(data, seedFile);
  const filesystem = path.join(agentDiffDir, 'seeds', 'box', 'filesystem');
  const missingContent: string[] = [];
  const versions = Array.isArray(data.box_file_versions) ? (data.box_file_versions as Row[]) : [];
  data.box_file_versions = versions.map((version) => {
    const localPath = typeof version.local_path === 'string' ? version.local_path : undefined;
    if (!localPath) return version;
    const marker = 'filesystem/';
    const at = localPath.indexOf(marker);
    const relative = at >= 0 ? localPath.slice(at + marker.length) : localPath;
    const file = path.join(filesystem, relative);
    if (!existsSync(file)) {
      missingContent.push(localPath);
      return version;
    }
    return { ...version, ...encodeContent(readFileSync(file)) };
  });
  const { seed, skippedTables } = seedFromAgentDiff(name, 'box', data, BoxTableKeys);
  return { seed, skippedTables, missingContent };
}
