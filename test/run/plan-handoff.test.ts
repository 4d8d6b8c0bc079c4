import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentProofBenchError } from '../../src/contract/error.js';
import { publicTaskOf, verifierTaskOf } from '../../src/contract/public-task.js';
import { casesOfTask } from '../../src/pack/cases.js';
import { startPointStates } from '../../src/pack/execution-states.js';
import { PackLoadError } from '../../src/pack/pack-error.js';
import { resolveOptions } from '../../src/run/options.js';
import {
  HandoffFiles,
  handOffPlan,
  handOffPlanError,
  planFromHandoff,
  readHandoff,
  readPlanHandoff,
} from '../../src/run/plan-handoff.js';
import { planRun } from '../../src/run/run-plan.js';
import type { State } from '../../src/state/state.js';

const REPO = path.resolve(import.meta.dirname, '../..');

describe('plan handoff', () => {
  it('survives JSON and gives back the same tasks, qualifications, programs, chunks and cases', async () => {
    const plan = await planRun(
      resolveOptions(
        { pack: 'starter', verifier: 'fixtures/verifiers/starter/correct/{task}.ts' },
        REPO,
      ),
    );
    const handoff = JSON.parse(JSON.stringify(handOffPlan('1:1', plan)));
    const revived = planFromHandoff(handoff);
    expect(revived.pack.dir).toBe(plan.pack.dir);
    expect(revived.pack.manifest).toEqual(plan.pack.manifest);
    expect(revived.chunks).toBe(plan.chunks);
    expect(revived.tasks).toEqual(plan.tasks);
    for (const planned of plan.tasks) {
      const again = revived.tasks.find((entry) => entry.task.id === planned.task.id)!;
      // States compared by their rows, table by table.
      const tables = (state: State) =>
        Object.fromEntries(state.tableNames().map((table) => [table, state.rows(table)]));
      const rows = (pack: typeof plan.pack, task: typeof planned.task) =>
        casesOfTask(pack, task).map(({ before, after, ...ref }) => ({
          ...ref,
          before: tables(before),
          after: tables(after),
        }));
      expect(rows(revived.pack, again.task)).toEqual(rows(plan.pack, planned.task));
    }
  });

  it("gives each revived task its verifier's view, made once with the plan and not sent in the handoff", async () => {
    const plan = await planRun(
      resolveOptions(
        { pack: 'starter', verifier: 'fixtures/verifiers/starter/correct/{task}.ts' },
        REPO,
      ),
    );
    const text = JSON.stringify(handOffPlan('1:2', plan));
    // The service docs (kilobytes per task) are not in the handoff: each worker makes the views again.
    expect(text).not.toContain('"view"');
    const revived = planFromHandoff(JSON.parse(text));
    for (const planned of plan.tasks) {
      const again = revived.tasks.find((entry) => entry.task.id === planned.task.id)!;
      expect(planned.view.view).toEqual(publicTaskOf(planned.task));
      expect(again.view.view).toEqual(planned.view.view);
      expect(again.view.json).toBe(planned.view.json);
      expect(JSON.parse(again.view.json)).toEqual(again.view.view);
      // Frozen: every case of the task hands the same object on.
      expect(Object.isFrozen(again.view.view)).toBe(true);
      expect(Object.isFrozen(again.view.view.actor)).toBe(true);
      // Made by public-task.ts, so the public path passes it through without a copy.
      expect(verifierTaskOf(again.view.view).view).toBe(again.view.view);
    }
  });

  it('carries the recorded executions, their labelled chains and the online gate to the workers', async () => {
    const plan = await planRun(
      resolveOptions(
        {
          verifier: 'examples/verifiers/{task}.ts',
          onlineGate: 'examples/verifiers/stale/{task}.ts',
          tasks: ['linear_1', 'slack_1'],
        },
        REPO,
      ),
    );
    const revived = planFromHandoff(JSON.parse(JSON.stringify(handOffPlan('1:4', plan))));
    expect([...revived.pack.executions.keys()]).toEqual([...plan.pack.executions.keys()]);
    expect(revived.pack.executions.get('linear_1')).toEqual(plan.pack.executions.get('linear_1'));
    for (const planned of plan.tasks) {
      const again = revived.tasks.find((entry) => entry.task.id === planned.task.id)!;
      expect(planned.executions.chains.length).toBeGreaterThan(0);
      expect(again.executions).toEqual(planned.executions);
      expect(again.onlineGate?.module).toBe(
        path.join(REPO, `examples/verifiers/stale/${planned.task.id}.ts`),
      );
      // The revived pack materialises the same states a gate runs on.
      const run = revived.pack.executions.get(planned.task.id)!.runs[0]!;
      const start = again.executions.chains.find((chain) => chain.run === run.id)!.start;
      const rowsOf = (pack: typeof plan.pack) => {
        const { states } = startPointStates(pack, pack.task(planned.task.id), run, start);
        return Object.fromEntries(
          Object.entries(states).map(([id, state]) => [
            id,
            Object.fromEntries(state.tableNames().map((table) => [table, state.rows(table)])),
          ]),
        );
      };
      expect(rowsOf(revived.pack)).toEqual(rowsOf(plan.pack));
    }
  });

  it('carries a failed plan as its code, problem and fix, and throws it again where it is revived', () => {
    const failed = new AgentProofBenchError('APB_NO_PROGRAMS', 'no verifier program matches', {
      fix: 'add a verifier file',
    });
    const handoff = JSON.parse(JSON.stringify(handOffPlanError('1:2', failed)));
    expect(handoff).toEqual({
      ok: false,
      id: '1:2',
      code: 'APB_NO_PROGRAMS',
      problem: 'no verifier program matches',
      fix: 'add a verifier file',
    });
    expect(() => planFromHandoff(handoff)).toThrow(
      'APB_NO_PROGRAMS: no verifier program matches\nFix: add a verifier file',
    );
  });

  it('keeps the code of a pack that does not load', () => {
    const handoff = handOffPlanError('1:3', new PackLoadError('/p', []));
    expect(handoff).toMatchObject({ ok: false, code: 'APB_PACK_INVALID' });
  });
});

describe('HandoffFiles', () => {
  it('writes each handoff to a file the workers read back, keeps earlier ones until pruned, and removes them on close', () => {
    const files = new HandoffFiles();
    const first = files.write('123:1', { ok: false, error: new Error('first plan') });
    expect(first.id).toBe('123:1');
    expect(path.basename(first.file)).toBe('123-1.json');
    expect(readHandoff(first)).toEqual({
      ok: false,
      id: '123:1',
      code: 'APB_PLAN',
      problem: 'first plan',
      fix: expect.any(String),
    });
    const second = files.write('123:2', { ok: false, error: new Error('second plan') });
    // A run that started with the first may still have chunk files to start (watch mode).
    expect(readHandoff(first)).toMatchObject({ id: '123:1' });
    expect(readHandoff(second)).toMatchObject({ id: '123:2', problem: 'second plan' });
    files.prune();
    expect(existsSync(first.file)).toBe(false);
    expect(readHandoff(second)).toMatchObject({ id: '123:2' });
    files.prune();
    expect(readHandoff(second)).toMatchObject({ id: '123:2' });
    files.close();
    expect(existsSync(path.dirname(second.file))).toBe(false);
    // Writing again after close opens a new folder.
    const third = files.write('123:3', { ok: false, error: new Error('third plan') });
    expect(readHandoff(third)).toMatchObject({ id: '123:3' });
    files.close();
  });
});

describe('readPlanHandoff', () => {
  it('rebuilds the written plan once per handoff id in a worker, and throws a failed plan with its code', async () => {
    const plan = await planRun(
      resolveOptions(
        { pack: 'starter', verifier: 'fixtures/verifiers/starter/correct/{task}.ts' },
        REPO,
      ),
    );
    const files = new HandoffFiles();
    try {
      const ref = files.write('9:1', { ok: true, plan });
      const revived = readPlanHandoff(ref);
      expect(revived).not.toBe(plan);
      expect(revived.tasks).toEqual(plan.tasks);
      // A second chunk file in the same worker gets the same plan, without reading the file.
      rmSync(ref.file);
      expect(readPlanHandoff(ref)).toBe(revived);
      const failed = files.write('9:2', {
        ok: false,
        error: new AgentProofBenchError('APB_UNKNOWN_TASK', 'pack starter has no task nope', {
          fix: 'name a task of the pack',
        }),
      });
      expect(() => readPlanHandoff(failed)).toThrow(
        'APB_UNKNOWN_TASK: pack starter has no task nope\nFix: name a task of the pack',
      );
    } finally {
      files.close();
    }
  });
});
