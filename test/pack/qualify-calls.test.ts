import { afterAll, describe, expect, it } from 'vitest';
import { loadPack } from '../../src/pack/load.js';
import { Pack } from '../../src/pack/pack.js';
import { qualifyTask } from '../../src/pack/qualify.js';
import type { Outcome, Task } from '../../src/schema/task.js';
import {
  assign,
  CLOCK,
  callsPack,
  comment,
  removeAll,
  withFakeModel,
} from '../support/calls-pack.js';

const made: string[] = [];
afterAll(() => removeAll(made));

async function packWithCalls(): Promise<Pack> {
  const dir = callsPack(
    'starter',
    ({ manifest, task }) => {
      manifest.calls = CLOCK;
      const outcome = task('starter_1').outcomes.related[1];
      outcome.calls = [assign('iss-fac-1', 'usr-mateo'), comment('iss-fac-1', 'Handing over.')];
      delete outcome.patch;
    },
    made,
  );
  const result = await loadPack(dir, withFakeModel);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.pack;
}

/** The same pack rebuilt from plain data (as a plan handoff does), with related/with-note changed. */
function rebuilt(pack: Pack, change: (outcome: Outcome) => Outcome): { pack: Pack; task: Task } {
  const tasks = pack.tasks.map((task) =>
    task.id !== 'starter_1'
      ? task
      : {
          ...task,
          outcomes: {
            ...task.outcomes,
            related: task.outcomes.related!.map((outcome, index) =>
              index === 1 ? change(outcome) : outcome,
            ),
          },
        },
  );
  const again = new Pack(pack.dir, pack.manifest, pack.seeds, tasks, pack.executions);
  return { pack: again, task: again.task('starter_1') };
}

const unreachable = (pack: Pack, task: Task) =>
  qualifyTask(pack, task, withFakeModel).problems.filter(
    (problem) => problem.code === 'unreachable',
  );

describe('reachability in qualification', () => {
  it('counts an outcome the loader derived from calls as reachable', async () => {
    const pack = await packWithCalls();
    const task = pack.task('starter_1');
    expect(
      qualifyTask(pack, task).problems.filter((problem) => problem.code === 'unreachable'),
    ).toEqual([]);
    // Rebuilt from plain data, the calls run again and still write the outcome's patch.
    const same = rebuilt(pack, (outcome) => outcome);
    expect(unreachable(same.pack, same.task)).toEqual([]);
  });

  it('reports an outcome whose call the service refuses, at the call, with the service error', async () => {
    const { pack, task } = rebuilt(await packWithCalls(), (outcome) => ({
      ...outcome,
      calls: [assign('iss-fac-1', 'usr-mateo'), comment('iss-fac-1', '')],
    }));
    const problems = qualifyTask(pack, task, withFakeModel);
    expect(problems.qualified).toBe(false);
    expect(unreachable(pack, task)).toEqual([
      expect.objectContaining({
        condition: 'related',
        outcome: 'with-note',
        file: 'tasks/starter_1.json',
        path: ['outcomes', 'related', 1, 'calls', 1],
        message: 'related/with-note: call 1 (POST /test/comment) refused: empty_body (HTTP 400)',
      }),
    ]);
  });

  it('reports an outcome whose patch is not what its calls write', async () => {
    const { pack, task } = rebuilt(await packWithCalls(), (outcome) => ({
      ...outcome,
      patch: outcome.patch.slice(0, 1),
    }));
    expect(unreachable(pack, task).map((problem) => [problem.path, problem.message])).toEqual([
      [
        ['outcomes', 'related', 1, 'patch'],
        expect.stringContaining(
          'its patch is not what its calls write: the patch has 1 op(s), the calls write 2',
        ),
      ],
    ]);
  });

  it('reports calls to a service without a write model', async () => {
    const { pack, task } = rebuilt(await packWithCalls(), (outcome) => outcome);
    expect(qualifyTask(pack, task, { writeModel: () => undefined }).problems).toContainEqual(
      expect.objectContaining({
        code: 'unreachable',
        path: ['outcomes', 'related', 1, 'calls'],
        message: 'related/with-note: linear has no write model to run its calls',
      }),
    );
  });
});
