import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inferRunSeed } from '../../../src/import/agent-diff/run-seed.js';
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
    const fromJournal = inferRunSeed(journal, candidates, 'quill_base');
    expect(fromJournal.seed).toBe('quill_busy');
    expect(fromJournal.scores.quill_busy!).toBeGreaterThan(fromJournal.scores.quill_base!);
    expect(inferRunSeed(snapshot, candidates, 'quill_busy').seed).toBe('quill_base');
  });

  it('falls back to the given seed when the runs carry no before-images', async () => {
    const insertsOnly = (await readRunFile(path.join(MINI_DIR, 'runs/snapshot.json'))).filter(
      (run) => run.updates.length === 0 && run.deletes.length === 0,
    );
    expect(inferRunSeed(insertsOnly, candidates, 'quill_busy').seed).toBe('quill_busy');
    expect(inferRunSeed(insertsOnly, candidates, 'quill_base').seed).toBe('quill_base');
  });
});
