// The warm Python path, step by step: where one evaluation's time goes (host, fork, namespaces,
// cgroups, mounts, uid switch, keyrings, the runner's conversation, teardown), from the steps
// the warm parent's processes mark (python/agentproofbench_warm.py) on the host's monotonic
// clock; with the keyring measures on and off, and the cold mode beside it for the ratio.
// Sequential evaluations, interleaved between the variants. Needs root (the warm mode).
// Run alone: npx tsx bench/warm-python.bench.ts [evaluations per variant]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createFakeReplica,
  launchTask,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../fixtures/verifiers/chat-workspace.js';
import {
  createProcessRuntime,
  type ProcessRuntime,
} from '../src/sandbox/process/process-runtime.js';
import type { WarmTiming } from '../src/sandbox/process/warm-parent.js';

const VERIFIER = fileURLToPath(
  new URL('../fixtures/verifiers/ok/channel_audit.py', import.meta.url),
);

/** Consecutive marks of one evaluation: [label, from step, to step]. */
const AHEAD: Array<[string, string, string]> = [
  ['warm parent forks the evaluation parent', 'request', 'forked'],
  ['four channels to the host connected', 'forked', 'connected'],
  ['unshare: mount, UTS, IPC, PID, network namespaces', 'connected', 'unshared'],
  ['fork of the init, cgroups joined', 'unshared', 'cgroups-joined'],
  ['fresh /proc, /tmp, /dev/shm, /etc/passwd', 'cgroups-joined', 'mounted'],
  ['session keyring joined, fork of the verifier process', 'mounted', 'verifier-forked'],
  ['rlimits, uid switch, capabilities dropped', 'verifier-forked', 'privileges-dropped'],
  ['keyring filter installed', 'privileges-dropped', 'keyrings-confined'],
  ["the runner's work rehearsed (stand-in verifier, one call)", 'keyrings-confined', 'rehearsed'],
];
const CRITICAL: Array<[string, string, string]> = [
  ['host: evaluation start to the go (spare awaited, source sent)', 'start', 'go'],
  ['verifier process writes the runner and the verifier', 'go', 'files-written'],
  ['runner: verifier import, protocol, 10 calls, result, record', 'files-written', 'end'],
];
const AFTER: Array<[string, string, string]> = [
  ['verifier process exits (from its go: its CPU)', 'go', 'verifier-exited'],
  ['PID namespace torn down (init exits)', 'verifier-exited', 'namespace-gone'],
  ['warm parent reaps and reports', 'namespace-gone', 'reaped'],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

interface Mark {
  ns: bigint;
  pid?: number;
  cpuNs?: number;
  /** The first mark of its process in this evaluation (its CPU counts from its fork). */
  first?: boolean;
}
type Timeline = Map<string, Mark>;

/** Each evaluation's marks, its host start and end added: the token whose go fell inside it. */
function timelines(
  timings: WarmTiming[],
  spans: Array<{ start: bigint; end: bigint }>,
): Timeline[] {
  const byToken = new Map<string, Timeline>();
  for (const { token, step, ns, pid, cpuNs } of timings) {
    const marks = byToken.get(token) ?? new Map<string, Mark>();
    const first = ![...marks.values()].some((mark) => mark.pid === pid);
    marks.set(step, { ns, pid, cpuNs, first });
    byToken.set(token, marks);
  }
  const result: Timeline[] = [];
  for (const span of spans) {
    for (const marks of byToken.values()) {
      const go = marks.get('go')?.ns;
      if (go !== undefined && go >= span.start && go <= span.end) {
        result.push(new Map([...marks, ['start', { ns: span.start }], ['end', { ns: span.end }]]));
        break;
      }
    }
  }
  return result;
}

const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;

/** Median wall and CPU of each segment; CPU where one process took the step (or began with it). */
function segmentMedians(lines: Timeline[], segments: Array<[string, string, string]>) {
  return segments.map(([label, from, to]) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const marks of lines) {
      const a = marks.get(from);
      const b = marks.get(to);
      if (!a || !b) continue;
      wall.push(ms(a.ns, b.ns));
      if (b.cpuNs === undefined) continue;
      if (a.pid !== undefined && a.pid === b.pid && a.cpuNs !== undefined)
        cpu.push((b.cpuNs - a.cpuNs) / 1e6);
      else if (b.first) cpu.push(b.cpuNs / 1e6);
    }
    return { label, wall: median(wall), cpu: median(cpu) };
  });
}

const row = (label: string, wall: number, cpu: number, total?: number) =>
  `      ${label.padEnd(62)} ${wall.toFixed(2).padStart(8)} ${Number.isNaN(cpu) ? '       -' : cpu.toFixed(2).padStart(8)}${total === undefined ? '' : `${((100 * wall) / total).toFixed(0).padStart(7)}%`}`;

export async function runWarmPythonBench(evaluations = 40): Promise<string> {
  if (process.getuid?.() !== 0) return '  (skipped: the warm mode needs root)';
  const variants: Array<[string, Parameters<typeof createProcessRuntime>[1]]> = [
    ['warm', { recordWarmTimings: true }],
    ['warm, keyring measures off', { recordWarmTimings: true, confinement: { keyrings: false } }],
    ['cold', { isolation: 'fresh' }],
  ];
  const runtimes: ProcessRuntime[] = [];
  for (const [, options] of variants)
    runtimes.push(await createProcessRuntime({ timeoutMs: 30_000, memoryMb: 256 }, options));
  if (runtimes[0]?.mode !== 'warm') {
    for (const runtime of runtimes) await runtime.close();
    return '  (skipped: the warm mode is not available on this machine)';
  }
  const spans = variants.map(() => [] as Array<{ start: bigint; end: bigint }>);
  const hostCpu = variants.map(() => [] as number[]);
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = load();
  try {
    // One warm-up each (the warm parent starts), then interleaved rounds; the cold mode every
    // fourth round (it is slow, and only its median is shown).
    for (let round = -1; round < evaluations; round += 1) {
      for (const [index, runtime] of runtimes.entries()) {
        if (index === 2 && round % 4 !== 0) continue;
        const start = process.hrtime.bigint();
        const cpuBefore = process.cpuUsage();
        const record = await runtime.evaluate({
          verifier: VERIFIER,
          task: launchTask(),
          before: createFakeReplica(QUIET_WORKSPACE),
          after: createFakeReplica(POSTED_WORKSPACE),
        });
        const end = process.hrtime.bigint();
        const cpu = process.cpuUsage(cpuBefore);
        if (record.verdict !== 'pass')
          throw new Error(
            `${variants[index]?.[0]}: expected a pass, got ${JSON.stringify(record)}`,
          );
        if (round >= 0) {
          spans[index]?.push({ start, end });
          hostCpu[index]?.push((cpu.user + cpu.system) / 1000);
        }
      }
    }
    const lines: string[] = [
      `  ${evaluations} sequential evaluations of channel_audit.py per warm variant (load average ${loadBefore} before, ${load()} after, ${(await import('node:os')).cpus().length} cpus)`,
    ];
    const totals = spans.map((list) => median(list.map(({ start, end }) => ms(start, end))));
    lines.push(
      `  median per evaluation: warm ${totals[0]?.toFixed(1)} ms, warm without the keyring measures ${totals[1]?.toFixed(1)} ms, cold ${totals[2]?.toFixed(1)} ms (cold/warm ${((totals[2] ?? 0) / (totals[0] ?? 1)).toFixed(1)}x)`,
    );
    for (const [index, name] of ['warm', 'warm, keyring measures off'].entries()) {
      const runtime = runtimes[index];
      if (!runtime) continue;
      const timeline = timelines(await runtime.warmTimings(), spans[index] ?? []);
      const total = totals[index] ?? Number.NaN;
      lines.push(
        `  ${name} (${timeline.length} evaluations matched to their marks; host CPU per evaluation ${median(hostCpu[index] ?? []).toFixed(2)} ms):`,
      );
      lines.push(`    on the evaluation (critical path)${' '.repeat(32)}wall ms   CPU ms  of wall`);
      for (const { label, wall, cpu } of segmentMedians(timeline, CRITICAL))
        lines.push(row(label, wall, cpu, total));
      lines.push('    after the record (off the critical path)');
      for (const { label, wall, cpu } of segmentMedians(timeline, AFTER))
        lines.push(row(label, wall, cpu));
      lines.push("    ahead (the next evaluation's child, prepared while this one runs)");
      for (const { label, wall, cpu } of segmentMedians(timeline, AHEAD))
        lines.push(row(label, wall, cpu));
      const waited = timeline.filter((marks) => {
        const prepared = marks.get('prepared')?.ns;
        const start = marks.get('start')?.ns;
        return prepared !== undefined && start !== undefined && prepared > start;
      }).length;
      lines.push(
        `    evaluations whose child was still being prepared when they started: ${waited} of ${timeline.length}`,
      );
    }
    return lines.join('\n');
  } finally {
    for (const runtime of runtimes) await runtime.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runWarmPythonBench(Number(process.argv[2] ?? 40)));
}
