// Temporary copies of the starter packs with some states rewritten as `calls`, for the tests
// of the loader's derivation (test/support/fake-write-model.ts runs them).
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPack } from '../../src/pack/load.js';
import type { PackError } from '../../src/pack/pack-error.js';
import type { ApiCall } from '../../src/schema/call.js';
import { fakeLinearWriteModel } from './fake-write-model.js';

const packs = path.resolve(import.meta.dirname, '../../fixtures/packs');

export const CLOCK = { start: '2026-03-09T14:30:00Z', stepMs: 60_000, idSeed: 'calls-test' };

// biome-ignore lint/suspicious/noExplicitAny: the tests edit pack JSON freely
export type Json = Record<string, any>;

/** A copy of fixtures/packs/<name> under a fresh temporary folder; `edit` changes its JSON files. */
export function callsPack(
  name: 'starter' | 'starter-executions',
  edit: (files: {
    manifest: Json;
    task: (id: string) => Json;
    executions: (id: string) => Json;
    seed: (name: string) => Json;
  }) => void,
  made: string[],
): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'apb-calls-')), name);
  made.push(path.dirname(dir));
  cpSync(path.join(packs, name), dir, { recursive: true });
  const opened = new Map<string, Json>();
  const open = (file: string) => {
    let json = opened.get(file);
    if (!json) {
      json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Json;
      opened.set(file, json);
    }
    return json;
  };
  patchesOnly(dir, open);
  edit({
    manifest: open('pack.json'),
    task: (id) => open(`tasks/${id}.json`),
    executions: (id) => open(`executions/${id}.json`),
    seed: (name) => open(`seeds/${name}.json`),
  });
  for (const [file, json] of opened)
    writeFileSync(path.join(dir, file), JSON.stringify(json, null, 2));
  return dir;
}

/**
 * The starter packs write their states as Linear GraphQL calls with the derived patch; the
 * tests drive the loader with the fake model instead, so the copy starts from the patches
 * alone (a patch-only state stays legal) and each test adds the calls and clock it needs.
 */
function patchesOnly(dir: string, open: (file: string) => Json): void {
  delete open('pack.json').calls;
  for (const folder of ['tasks', 'executions']) {
    if (!existsSync(path.join(dir, folder))) continue;
    for (const file of readdirSync(path.join(dir, folder))) stripCalls(open(`${folder}/${file}`));
  }
}

const stripCalls = (value: unknown): void => {
  if (Array.isArray(value)) for (const item of value) stripCalls(item);
  else if (value !== null && typeof value === 'object') {
    const object = value as Json;
    if (Array.isArray(object.calls) && 'patch' in object) delete object.calls;
    for (const item of Object.values(object)) stripCalls(item);
  }
};

export function removeAll(made: string[]): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const withFakeModel = {
  writeModel: (service: string) => (service === 'linear' ? fakeLinearWriteModel : undefined),
};

/** The errors of a pack that must be refused, as `file $.path code: message`-comparable data. */
export async function refusals(dir: string, options = withFakeModel): Promise<PackError[]> {
  const result = await loadPack(dir, options);
  if (result.ok) throw new Error(`expected ${dir} to be refused`);
  return result.errors;
}

export const assign = (issue: string, assignee: string): ApiCall => ({
  method: 'POST',
  path: '/test/assign',
  body: { issue, assignee },
});
export const comment = (issue: string, body: string): ApiCall => ({
  method: 'POST',
  path: '/test/comment',
  body: { issue, body },
});
