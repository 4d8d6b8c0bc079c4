import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured as run } from '../support/cli.js';

const packs = path.resolve(import.meta.dirname, '../../fixtures/packs');

describe('agentproofbench validate on recorded executions', () => {
  it('says how many states the reference labelled, per task with executions', async () => {
    const { code, out } = await run('validate', path.join(packs, 'starter-executions'));
    expect(code).toBe(0);
    expect(out).toContain(
      '✓ starter_1 qualified (18 outcomes labelled as declared)\n    executions: 1 run(s), 2 start point(s), 10 states labelled by the reference (6 valid)',
    );
  });

  it('gives the labels in --json', async () => {
    const { code, out } = await run('validate', path.join(packs, 'starter-executions'), '--json');
    expect(code).toBe(0);
    const task = JSON.parse(out).tasks.find(
      (entry: { task: string }) => entry.task === 'starter_1',
    );
    expect(task.executions.startPoints[0]).toEqual({
      run: 'run-a',
      start: 'natural',
      labels: {
        start: 'invalid',
        'neutral.1': 'valid',
        'neutral.2': 'valid',
        'rejected.1': 'valid',
        'rejected.2': 'valid',
      },
    });
  });

  for (const [name, line] of [
    [
      'missing-row',
      'executions/starter_1.json $.runs[0].starts.natural.branches.neutral[1].patch[0]:',
    ],
    ['unknown-condition', 'executions/starter_1.json $.runs[0].starts.checkpoint.condition:'],
    [
      'three-stages',
      'executions/starter_1.json $.runs[0].starts.natural.branches.rejected: a branch has exactly 2 stages (schema)',
    ],
  ] as const) {
    it(`refuses ${name} with file and JSON path, exit 1`, async () => {
      const { code, err } = await run('validate', path.join(packs, 'broken-executions', name));
      expect(code).toBe(1);
      expect(err).toContain(line);
    });
  }
});
