import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';

const starter = path.resolve(import.meta.dirname, '../../fixtures/packs/starter');
const files = [
  'pack.json',
  ...readdirSync(path.join(starter, 'seeds')).map((f) => `seeds/${f}`),
  ...readdirSync(path.join(starter, 'tasks')).map((f) => `tasks/${f}`),
];

async function printedSchema(...args: string[]): Promise<object> {
  let text = '';
  const code = await runCli(['schema', ...args], { out: (t) => (text += t), error: () => {} });
  expect(code).toBe(0);
  return JSON.parse(text) as object;
}

describe('agentproofbench schema', () => {
  it('prints a JSON Schema that accepts every file of the starter pack', async () => {
    const validate = new Ajv2020({ strict: false }).compile(await printedSchema());
    for (const file of files) {
      const ok = validate(JSON.parse(readFileSync(path.join(starter, file), 'utf8')));
      expect(ok, `${file}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  });

  it('rejects a task with a bad role and a manifest without a name', async () => {
    const task = new Ajv2020({ strict: false }).compile(await printedSchema('--kind', 'task'));
    const broken = JSON.parse(readFileSync(path.join(starter, 'tasks/starter_1.json'), 'utf8'));
    broken.outcomes.source[0].role = 'mistake';
    expect(task(broken)).toBe(false);
    const manifest = new Ajv2020({ strict: false }).compile(
      await printedSchema('--kind', 'manifest'),
    );
    const { name: _name, ...nameless } = JSON.parse(
      readFileSync(path.join(starter, 'pack.json'), 'utf8'),
    );
    expect(manifest(nameless)).toBe(false);
  });

  it('accepts an outcome written as calls and a pack.json with its calls clock', async () => {
    const task = new Ajv2020({ strict: false, validateFormats: false }).compile(
      await printedSchema('--kind', 'task'),
    );
    const written = JSON.parse(readFileSync(path.join(starter, 'tasks/starter_1.json'), 'utf8'));
    const outcome = written.outcomes.source[0];
    delete outcome.patch;
    outcome.calls = [{ method: 'POST', path: 'graphql', body: { query: 'mutation { x }' } }];
    expect(task(written), JSON.stringify(task.errors?.slice(0, 3))).toBe(true);
    outcome.calls[0].method = 'SEND';
    expect(task(written)).toBe(false);
    const manifest = new Ajv2020({ strict: false }).compile(
      await printedSchema('--kind', 'manifest'),
    );
    const pack = JSON.parse(readFileSync(path.join(starter, 'pack.json'), 'utf8'));
    pack.calls = { start: '2026-03-09T14:30:00Z', stepMs: 1000, idSeed: 'starter' };
    expect(manifest(pack)).toBe(true);
    pack.calls.stepMs = 0;
    expect(manifest(pack)).toBe(false);
  });

  it('prints the report schema, the same as the committed schema/report.schema.json', async () => {
    const committed = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../schema/report.schema.json'), 'utf8'),
    );
    expect(await printedSchema('--kind', 'report')).toEqual(committed);
  });

  it('refuses an unknown kind, listing the kinds', async () => {
    const error: string[] = [];
    const code = await runCli(['schema', '--kind', 'colour'], {
      out: () => {},
      error: (t) => error.push(t),
    });
    expect(code).toBe(2);
    expect(error.join('')).toContain(
      '--kind must be one of manifest, seed, task, executions, report',
    );
  });
});
