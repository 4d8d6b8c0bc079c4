import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/run/options.js';
import { CHUNK_COUNT, planRun } from '../../src/run/run-plan.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const plan = (options: Parameters<typeof resolveOptions>[0]) =>
  planRun(resolveOptions({ pack: 'starter', ...options }, REPO));

describe('planRun', () => {
  it('plans every task that has a program, qualified, one chunk per task up to the chunk count', async () => {
    const result = await plan({ verifier: 'fixtures/verifiers/starter/correct/{task}.ts' });
    expect(
      result.tasks.map((planned) => [
        planned.task.id,
        planned.chunk,
        planned.qualification.qualified,
      ]),
    ).toEqual([
      ['starter_1', 0, true],
      ['starter_2', 1, true],
    ]);
    expect(result.chunks).toBe(Math.min(CHUNK_COUNT, 2));
    expect(result.tasks[0]?.programs[0]?.module).toBe(
      path.join(REPO, 'fixtures/verifiers/starter/correct/starter_1.ts'),
    );
  });

  it('gives one module to every task when the verifier has no {task}', async () => {
    const result = await plan({
      verifier: 'fixtures/verifiers/starter/lib/linear-issues.ts',
      tasks: ['starter_2'],
    });
    expect(result.tasks.map((planned) => planned.task.id)).toEqual(['starter_2']);
    expect(result.chunks).toBe(1);
  });

  it('names unknown tasks and patterns that match nothing', async () => {
    await expect(
      plan({ verifier: 'fixtures/verifiers/starter/correct/{task}.ts', tasks: ['starter_9'] }),
    ).rejects.toThrow(
      'APB_UNKNOWN_TASK: pack starter has no task starter_9 (tasks: starter_1, starter_2)',
    );
    await expect(
      plan({ verifier: 'fixtures/verifiers/starter/nowhere/{task}.ts' }),
    ).rejects.toThrow(/APB_NO_PROGRAMS: no verifier program matches any selected task/);
  });
});
