import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inferRunSeed, seedForRun } from '../../../src/import/agent-diff/run-seed.js';
import { readRunFile } from '../../../src/import/agent-diff/runs.js';
import { loadAgentDiffSeed } from '../../../src/import/agent-diff/seed-files.js';
import { State } from '../../../src/state/state.js';
import { MINI_DIR } from './support/mini.js';

const candidates = new Map<string, State>();
for (const name of ['quill_base', 'quill_busy'])
  candidates.set(name, State.fromSeed((await loadAgentDiffSeed(MINI_DIR, 'linear', name)).seed));

describe('inferRunSeed', () => {
  it("picks the seed whose rows agree with the runs' before-images", async () => {
    const journal = await readRunFile(path.join(MINI_DIR, 'runs/journal.json'));
    const snapshot = await readRunFile(path.join(MINI_DIR, 'runs/snapshot.json'));
    const fromJournal = inferRunSeed(journal, candidates);
    expect(fromJournal.seed).toBe('quill_busy');
    expect(fromJournal.scores.quill_busy!).toBeGreaterThan(fromJournal.scores.quill_base!);
    const fromSnapshot = inferRunSeed(snapshot, candidates);
    expect(fromSnapshot.seed).toBe('quill_base');
    // Evidence wins over the test's own seed.
    expect(seedForRun(fromSnapshot, 'quill_busy')).toBe('quill_base');
  });

  it("reports a tie when the runs carry no before-images, and each run keeps its test's seed", async () => {
    const insertsOnly = (await readRunFile(path.join(MINI_DIR, 'runs/snapshot.json'))).filter(
      (run) => run.updates.length === 0 && run.deletes.length === 0,
    );
    const tie = inferRunSeed(insertsOnly, candidates);
    expect(tie.seed).toBeUndefined();
    expect(tie.best).toEqual(['quill_base', 'quill_busy']);
    expect(seedForRun(tie, 'quill_busy')).toBe('quill_busy');
    expect(seedForRun(tie, 'quill_base')).toBe('quill_base');
    // A test seed outside the tie: the first of the best, by name (deterministic).
    expect(seedForRun({ best: ['b', 'c'], scores: { a: 1, b: 2, c: 2 } }, 'a')).toBe('b');
  });
});
