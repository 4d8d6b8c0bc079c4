import type { LatencyProfile } from './latency-profile.js';

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—');

/** A plain-text table of a latency profile, one row per state and an overall row. */
export function renderLatencyProfile(profile: LatencyProfile): string {
  const header = ['state', 'program', 'median ms', 'p75 ms', 'p99 ms', 'evals/s', 'ops', 'verdict'];
  const rows = profile.states.map((state) => [
    `${state.task} ${state.condition}/${state.outcome}`,
    state.program,
    ms(state.medianMs),
    ms(state.p75Ms),
    ms(state.p99Ms),
    state.throughputPerSec.toFixed(1),
    String(state.operations),
    state.errorKind ? `error (${state.errorKind})` : state.verdict,
  ]);
  const o = profile.overall;
  rows.push([
    `overall (${o.evaluations} evaluations)`,
    '',
    ms(o.medianMs),
    ms(o.p75Ms),
    ms(o.p99Ms),
    o.throughputPerSec.toFixed(1),
    String(o.medianOperations),
    '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column >= 2 && column <= 6 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ');
  const isolation =
    profile.isolation.level === 'none'
      ? 'NOT ISOLATED (inline)'
      : `${profile.isolation.level}: ${profile.isolation.measures.join(', ')}`;
  const lines = [
    `Latency profile — pack ${profile.pack.name} ${profile.pack.version}, ${profile.panel} panel, ${profile.states.length} states × ${profile.iterations} evaluations`,
    `runtime ${profile.runtime} (${isolation}); node ${profile.environment.node}, ${profile.environment.cpus} cpus`,
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.slice(0, -1).map(line),
    line(widths.map((width) => '-'.repeat(width))),
    line(rows.at(-1)!),
  ];
  for (const skip of profile.skipped)
    lines.push(`skipped ${skip.task} ${skip.condition}/${skip.outcome}: ${skip.reason}`);
  return lines.join('\n');
}
