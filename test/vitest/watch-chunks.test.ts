import { describe, expect, it } from 'vitest';
import { inChunks, type RunPlan } from '../../src/run/run-plan.js';
import { WatchedChunks } from '../../src/vitest/watch-chunks.js';

/** A plan with just what the chunk files read: task ids, program files, chunks (as planRun spreads them). */
function planOf(tasks: Record<string, string[]>, maxChunks = 8): RunPlan {
  const plan = {
    tasks: Object.entries(tasks)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, modules]) => ({
        task: { id },
        programs: modules.map((module) => ({ task: id, module })),
        chunk: 0,
      })),
    chunks: 1,
  } as unknown as RunPlan;
  return inChunks(plan, maxChunks);
}

const chunkOf = (plan: RunPlan) =>
  Object.fromEntries(plan.tasks.map((planned) => [planned.task.id, planned.chunk]));

describe('WatchedChunks', () => {
  it('starts with the chunk files every run has, and keeps each task in its file when others come', () => {
    const watched = new WatchedChunks(planOf({ b: ['/v/b.ts'], d: ['/v/d.ts'] }, 1));
    expect(watched.names).toEqual(['b+d.test.mjs']);
    // `a` sorts first: spread afresh it would move `b` and `d`; here they stay put.
    const changes = watched.replan(planOf({ a: ['/v/a.ts'], b: ['/v/b.ts'], d: ['/v/d.ts'] }));
    expect(changes.names).toEqual(['b+d.test.mjs', 'a.test.mjs']);
    expect(changes.added).toEqual(['a.test.mjs']);
    expect(changes.removed).toEqual([]);
    expect(chunkOf(changes.plan)).toEqual({ a: 1, b: 0, d: 0 });
    expect(changes.plan.chunks).toBe(2);
    expect([...changes.changedTasks]).toEqual(['a']);
    expect(watched.filesOf(['a'])).toEqual(['a.test.mjs']);
    expect(watched.filesOf(['d', 'b'])).toEqual(['b+d.test.mjs']);
  });

  it('drops the file of a chunk whose tasks all went, and keeps the others where they are', () => {
    const watched = new WatchedChunks(planOf({ a: ['/v/a.ts'], b: ['/v/b.ts'], c: ['/v/c.ts'] }));
    expect(watched.names).toEqual(['a.test.mjs', 'b.test.mjs', 'c.test.mjs']);
    const changes = watched.replan(planOf({ a: ['/v/a.ts'], c: ['/v/c.ts'] }));
    expect(changes.names).toEqual(['a.test.mjs', undefined, 'c.test.mjs']);
    expect(changes.removed).toEqual(['b.test.mjs']);
    expect(chunkOf(changes.plan)).toEqual({ a: 0, c: 2 });
    expect([...changes.changedTasks]).toEqual(['b']);
    expect(watched.filesOf(['b'])).toEqual([]);
    // It comes back: a file of its own again.
    const back = watched.replan(planOf({ a: ['/v/a.ts'], b: ['/v/b.ts'], c: ['/v/c.ts'] }));
    expect(back.names).toEqual(['a.test.mjs', undefined, 'c.test.mjs', 'b.test.mjs']);
    expect(chunkOf(back.plan)).toEqual({ a: 0, b: 3, c: 2 });
  });

  it('counts a task whose program files changed (a replica added) as changed, and the others not', () => {
    const watched = new WatchedChunks(planOf({ a: ['/v/a.r1.ts'], b: ['/v/b.r1.ts'] }));
    const changes = watched.replan(planOf({ a: ['/v/a.r1.ts', '/v/a.r2.ts'], b: ['/v/b.r1.ts'] }));
    expect([...changes.changedTasks]).toEqual(['a']);
    expect(changes.added).toEqual([]);
  });
});
