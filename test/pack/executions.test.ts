import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { chainsOfTask } from '../../src/execution/chain.js';
import { startPointStates } from '../../src/pack/execution-states.js';
import { loadPack, loadPackOrThrow } from '../../src/pack/load.js';
import { formatJsonPath } from '../../src/pack/pack-error.js';
import { packJsonSchema } from '../../src/schema/json-schema.js';

const packs = path.resolve(import.meta.dirname, '../../fixtures/packs');
const errorsOf = async (name: string) => {
  const result = await loadPack(path.join(packs, 'broken-executions', name));
  if (result.ok) throw new Error(`expected ${name} to fail`);
  return result.errors.map((error) => ({
    file: error.file,
    at: formatJsonPath(error.path),
    code: error.code,
  }));
};

describe('recorded executions in a pack', () => {
  it('loads executions/<task>.json and materialises every branch state', async () => {
    const pack = await loadPackOrThrow(path.join(packs, 'starter-executions'));
    const task = pack.task('starter_1');
    const run = pack.executions.get('starter_1')!.runs[0]!;
    const { states } = startPointStates(pack, task, run, 'natural');
    expect(states.start.get('issues', { id: 'iss-fac-1' })?.assigneeId).toBe('usr-mateo-ro');
    expect(states['neutral.1'].get('issues', { id: 'iss-fac-1' })?.assigneeId).toBe('usr-mateo');
    // An idempotent stage lands on the very same rows.
    expect(states['neutral.2'].get('issues', { id: 'iss-fac-1' })).toEqual(
      states['neutral.1'].get('issues', { id: 'iss-fac-1' }),
    );
    expect(pack.executions.has('starter_2')).toBe(false);
  });

  it('labels every state with the reference, never from the file', async () => {
    const pack = await loadPackOrThrow(path.join(packs, 'starter-executions'));
    const { chains, problems } = chainsOfTask(pack, pack.task('starter_1'));
    expect(problems).toEqual([]);
    const labels = chains.map((chain) => [
      chain.start,
      Object.values(chain.states).map(
        (state) => `${state.id}:${state.label}${state.unresolved ? '?' : ''}`,
      ),
    ]);
    expect(labels).toEqual([
      [
        'natural',
        [
          'start:invalid',
          'neutral.1:valid',
          'neutral.2:valid',
          'rejected.1:valid',
          'rejected.2:valid',
        ],
      ],
      [
        'checkpoint',
        [
          'start:invalid',
          'neutral.1:valid',
          'neutral.2:valid',
          'rejected.1:invalid',
          'rejected.2:invalid?',
        ],
      ],
    ]);
    const [natural, checkpoint] = chains;
    expect(natural!.states['neutral.2'].fingerprint).toBe(natural!.states['neutral.1'].fingerprint);
    expect(checkpoint!.states['rejected.1'].failing).toContain('valve keeps its initial status');
  });

  it('refuses a branch patch on a missing row, naming file and JSON path', async () => {
    expect(await errorsOf('missing-row')).toEqual([
      {
        file: 'executions/starter_1.json',
        at: '$.runs[0].starts.natural.branches.neutral[1].patch[0]',
        code: 'patch',
      },
    ]);
  });

  it('refuses a start point on a condition the task does not declare', async () => {
    expect(await errorsOf('unknown-condition')).toEqual([
      {
        file: 'executions/starter_1.json',
        at: '$.runs[0].starts.checkpoint.condition',
        code: 'unknown_condition',
      },
    ]);
  });

  it('refuses a branch with three stages', async () => {
    expect(await errorsOf('three-stages')).toEqual([
      {
        file: 'executions/starter_1.json',
        at: '$.runs[0].starts.natural.branches.rejected',
        code: 'schema',
      },
    ]);
  });

  it('refuses a stage cost no model call reaches (1e308 twice summed to $Infinity)', async () => {
    expect(await errorsOf('huge-cost')).toEqual([
      {
        file: 'executions/starter_1.json',
        at: '$.runs[0].starts.natural.branches.neutral[0].usage.cost',
        code: 'schema',
      },
      {
        file: 'executions/starter_1.json',
        at: '$.runs[0].starts.natural.branches.neutral[1].usage.cost',
        code: 'schema',
      },
    ]);
  });

  it('exports a JSON Schema for executions files that accepts the fixture and refuses a label', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(packJsonSchema('executions'));
    const file = JSON.parse(
      readFileSync(path.join(packs, 'starter-executions/executions/starter_1.json'), 'utf8'),
    );
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    file.runs[0].starts.natural.label = 'valid';
    expect(validate(file)).toBe(false);
  });
});
