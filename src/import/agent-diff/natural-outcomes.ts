import type { Label, Outcome } from '../../schema/task.js';
import type { State } from '../../state/state.js';
import { finalStateFingerprint, type ReplayProblem, replayRun } from './replay.js';
import type { RecordedRun } from './runs.js';

export interface RunOutcomes {
  /** `start` (unless a run ended unchanged) then one `natural-N` per distinct ending. */
  outcomes: Outcome[];
  /** Which outcome each replayed run became. */
  placed: Array<{ run: RecordedRun; outcome: string }>;
  /** Runs that could not be replayed (left out). */
  problems: ReplayProblem[];
}

function verdictLine(run: RecordedRun): string {
  return `${run.runId}${run.model ? ` (${run.model})` : ''}: Agent-Diff ${run.passed ? 'passed' : 'failed'}`;
}

/**
 * The panel of an imported task. Recorded runs are replayed onto the before-state and
 * runs that end in the same state are merged, so a panel never holds one state twice.
 * Every label is the reference's (`labelOf`): there is no independent ground truth to
 * declare, and Agent-Diff's recorded verdicts are compared with it by the parity test.
 * The no-write state is added as `start` (role prefix: the empty prefix of every run),
 * which gives every task at least one outcome even without recorded runs.
 */
export function runOutcomes(
  before: State,
  seedName: string,
  runs: readonly RecordedRun[],
  labelOf: (after: State) => Label,
): RunOutcomes {
  const problems: ReplayProblem[] = [];
  const placed: RunOutcomes['placed'] = [];
  const endings = new Map<string, { outcome: Outcome; runs: RecordedRun[] }>();
  for (const run of runs) {
    const replay = replayRun(run, before);
    if (replay.problems.length > 0) {
      problems.push(...replay.problems);
      continue;
    }
    const fingerprint = finalStateFingerprint(before, replay.after);
    let ending = endings.get(fingerprint);
    if (!ending) {
      const outcome: Outcome = {
        id: `natural-${endings.size + 1}`,
        role: 'natural',
        label: labelOf(replay.after),
        description: '',
        patch: replay.patch,
      };
      ending = { outcome, runs: [] };
      endings.set(fingerprint, ending);
    }
    ending.runs.push(run);
    placed.push({ run, outcome: ending.outcome.id });
  }

  const outcomes: Outcome[] = [];
  if (!endings.has(finalStateFingerprint(before, before))) {
    outcomes.push({
      id: 'start',
      role: 'prefix',
      label: labelOf(before),
      description:
        'the before-state itself: no writes yet (the empty prefix of every run); label given by the reference',
      patch: [],
    });
  }
  for (const { outcome, runs: merged } of endings.values()) {
    const how =
      merged.length > 1
        ? `${merged.length} recorded runs with identical endings`
        : `recorded ${merged[0]!.format} run`;
    outcomes.push({
      ...outcome,
      description: `${how}, replayed on ${seedName}; label given by the reference. ${merged.map(verdictLine).join('; ')}`,
    });
  }
  return { outcomes, placed, problems };
}
