import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOutcomes } from '../../../src/import/agent-diff/natural-outcomes.js';
import { type RecordedRun, readRunFile } from '../../../src/import/agent-diff/runs.js';
import { loadAgentDiffSeed } from '../../../src/import/agent-diff/seed-files.js';
import { State } from '../../../src/state/state.js';
import { MINI_DIR } from './support/mini.js';

const busy = State.fromSeed((await loadAgentDiffSeed(MINI_DIR, 'linear', 'quill_busy')).seed);
const journal = await readRunFile(path.join(MINI_DIR, 'runs/journal.json'));
const runs = (...ids: string[]): RecordedRun[] =>
  ids.map((id) => journal.find((run) => run.runId === id)!);
// A stand-in reference: valid exactly when the errata issue exists.
const labelOf = (after: State) => (after.get('issues', { id: 'i-3' }) ? 'valid' : 'invalid');

describe('runOutcomes', () => {
  it('starts with the no-write prefix and merges runs that end in the same state', () => {
    const { outcomes, placed } = runOutcomes(
      busy,
      'quill_busy',
      runs('jr-1', 'jr-2', 'jr-4'),
      labelOf,
    );
    expect(outcomes.map((outcome) => [outcome.id, outcome.role, outcome.label])).toEqual([
      ['start', 'prefix', 'invalid'],
      ['natural-1', 'natural', 'valid'],
      ['natural-2', 'natural', 'invalid'],
    ]);
    expect(placed.map(({ run, outcome }) => [run.runId, outcome])).toEqual([
      ['jr-1', 'natural-1'],
      ['jr-2', 'natural-1'],
      ['jr-4', 'natural-2'],
    ]);
    expect(outcomes[1]!.description).toMatch(
      /^2 recorded runs with identical endings, replayed on quill_busy; .*jr-1 \(demo\/model-a\): Agent-Diff passed; jr-2/,
    );
  });

  it('leaves out the prefix when a run itself wrote nothing, and gives a lone prefix without runs', () => {
    const idle: RecordedRun = { ...runs('jr-4')[0]!, runId: 'idle', updates: [] };
    expect(
      runOutcomes(busy, 'quill_busy', [idle], labelOf).outcomes.map((outcome) => outcome.id),
    ).toEqual(['natural-1']);
    expect(
      runOutcomes(busy, 'quill_busy', [], labelOf).outcomes.map((outcome) => [
        outcome.id,
        outcome.patch,
      ]),
    ).toEqual([['start', []]]);
  });

  it('reports runs that do not replay and places only the others', () => {
    const broken: RecordedRun = {
      ...runs('jr-4')[0]!,
      runId: 'broken',
      deletes: [{ table: 'comments', row: { id: 'c-404' } }],
    };
    const { outcomes, placed, problems } = runOutcomes(
      busy,
      'quill_busy',
      [broken, ...runs('jr-1')],
      labelOf,
    );
    expect(problems.map((problem) => problem.runId)).toEqual(['broken']);
    expect(placed.map(({ run }) => run.runId)).toEqual(['jr-1']);
    expect(outcomes).toHaveLength(2);
  });
});
