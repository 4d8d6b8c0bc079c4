import type { Report } from '../src/report/report-schema.js';

/**
 * In gate mode a run fails only on a gate; with none but the built-in `allRecorded` (and the
 * `errors` gate that applies when every evaluation errored) a stale verifier gets a green run.
 * Renderers say so, so that nobody reads a passed run as a good verifier.
 */
export function noCiThresholdsNotice(report: Report): string | undefined {
  if (report.run.mode !== 'gate') return undefined;
  const set = report.gates.filter((gate) => gate.gate !== 'allRecorded');
  if (set.length > 0) return undefined;
  return 'no gates set: this run cannot fail on metrics; add --gate (e.g. --gate ba.related>=0.95 --gate jointCorrect=all), or `gates` in defineAgentProofBenchProject';
}
