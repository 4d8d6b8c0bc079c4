// The warm Python path, step by step: where one evaluation's time goes (host, fork, namespaces,
// cgroups, mounts, uid switch, keyrings, the runner's conversation, teardown), from the steps
// the warm parent's processes mark (python/agentproofbench_warm.py) on the host's monotonic
// clock; with the keyring measures on and off, and the cold mode beside it for the ratio.
// Blocks of evaluations back to back (as `latency` runs them), interleaved between the variants,
// with the CPU of every process per evaluation and the bound that puts on back-to-back
// evaluations on this many cores. Needs root (the warm mode).
// Run alone: npx tsx bench/warm-python.bench.ts [evaluations per variant]
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
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
  ['warm parent connects the four channels to the host', 'request', 'connected'],
  ['warm parent forks the init into a new PID namespace', 'connected', 'forked'],
  ['init joins the cgroups', 'forked', 'cgroups-joined'],
  ['unshare: mount, UTS, IPC, network namespaces', 'cgroups-joined', 'unshared'],
  ['fresh /proc, /tmp, /dev/shm, /etc/passwd', 'unshared', 'mounted'],
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
  ['host record to the init reaped (the PID namespace gone)', 'end', 'namespace-gone'],
  ['warm parent reports it', 'namespace-gone', 'reaped'],
];
/**
 * Evaluations a variant runs back to back (as `latency` and a worker's cases run them): the
 * first of each block finds its child prepared during the other variants' blocks, the rest
 * wait for whatever of the preparation is left.
 */
const BLOCK = 4;
/** The cold variant's index in the bench's variants. */
const COLD = 3;
/** Clock ticks of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** The /proc/<pid>/stat fields after the command name. */
function statFields(pid: number): string[] {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return [];
  }
}

/** CPU ms of a process and of its reaped descendants (utime, stime, cutime, cstime). */
function treeCpuMs(pid: number): number {
  const fields = statFields(pid);
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0) * TICK_MS;
}

/** Minor page faults of a process and of its reaped descendants (minflt, cminflt). */
function treeFaults(pid: number): number {
  const fields = statFields(pid);
  return Number(fields[7] ?? 0) + Number(fields[8] ?? 0);
}

/**
 * CPU µs of one copy-on-write page fault on this machine: a forked child of the interpreter
 * the sandbox runs writes to 4,096 pages its parent had written (each write copies one page),
 * against a child that writes none; the median of seven children each.
 */
const COW_FAULT_PROBE = `
import os, resource
pages = bytearray(4096 * 4096)
for at in range(0, len(pages), 4096): pages[at] = 1
def child(write):
    before = resource.getrusage(resource.RUSAGE_SELF)
    if write:
        for at in range(0, len(pages), 4096): pages[at] = 2
    after = resource.getrusage(resource.RUSAGE_SELF)
    return after.ru_minflt - before.ru_minflt, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
found = {}
for write in (False, True):
    runs = []
    for _ in range(7):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.write(write_end, ("%d %r" % child(write)).encode())
            os._exit(0)
        os.close(write_end)
        faults, cpu = os.read(read_end, 100).split()
        os.close(read_end)
        os.waitpid(pid, 0)
        runs.append((float(cpu), int(faults)))
    found[write] = sorted(runs)[3]
print((found[True][0] - found[False][0]) / max(1, found[True][1] - found[False][1]) * 1e6)
`;

async function cowFaultMicroseconds(): Promise<number> {
  const { stdout } = await execa('python3', ['-c', COW_FAULT_PROBE]);
  return Number(stdout.trim());
}

/** This process's warm parents: the interpreter whose parent is not one (its children are). */
function warmParentPids(): Set<number> {
  const commandLine = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  };
  const isWarm = (pid: number) =>
    commandLine(pid).startsWith('python3\0agentproofbench_runner.py\0--warm');
  const ours = (pid: number) => {
    for (
      let parent = Number(statFields(pid)[1] ?? 0);
      parent > 1;
      parent = Number(statFields(parent)[1] ?? 0)
    )
      if (parent === process.pid) return true;
    return false;
  };
  const pids = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
  return new Set(
    pids.filter((pid) => isWarm(pid) && !isWarm(Number(statFields(pid)[1] ?? 0)) && ours(pid)),
  );
}

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
    // Marking the steps costs CPU in the forked children (each mark is Python work there):
    // the unmarked variant gives the figures, the marked ones the breakdown.
    ['warm', {}],
    ['warm, steps marked', { recordWarmTimings: true }],
    [
      'warm, keyring measures off, steps marked',
      { recordWarmTimings: true, confinement: { keyrings: false } },
    ],
    ['cold', { isolation: 'fresh' }],
  ];
  const runtimes: ProcessRuntime[] = [];
  /** Each warm variant's warm parent, for the CPU of every process of its evaluations. */
  const warmPids: Array<number | undefined> = [];
  const spans = variants.map(
    () => [] as Array<{ start: bigint; end: bigint; backToBack: boolean }>,
  );
  const allCpu = variants.map(() => ({ ms: 0, evaluations: 0, faults: 0 }));
  const evaluate = async (index: number) => {
    const runtime = runtimes[index];
    const record = await runtime?.evaluate({
      verifier: VERIFIER,
      task: launchTask(),
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
    });
    if (record?.verdict !== 'pass')
      throw new Error(`${variants[index]?.[0]}: expected a pass, got ${JSON.stringify(record)}`);
  };
  // The processes of a cold evaluation are this process's reaped children.
  const cpuOf = (index: number) => {
    const own = process.cpuUsage();
    const pid = warmPids[index];
    const children =
      pid === undefined
        ? [13, 14].reduce((sum, at) => sum + Number(statFields(process.pid)[at] ?? 0), 0) * TICK_MS
        : treeCpuMs(pid);
    return (own.user + own.system) / 1000 + children;
  };
  const faultsOf = (index: number) => {
    const pid = warmPids[index];
    const children = pid === undefined ? Number(statFields(process.pid)[8] ?? 0) : treeFaults(pid);
    return process.resourceUsage().minorPageFault + children;
  };
  for (const [index, [, options]] of variants.entries()) {
    const before = warmParentPids();
    runtimes.push(await createProcessRuntime({ timeoutMs: 30_000, memoryMb: 256 }, options));
    if (runtimes[0]?.mode !== 'warm') {
      for (const runtime of runtimes) await runtime.close();
      return '  (skipped: the warm mode is not available on this machine)';
    }
    // One warm-up each (the warm parent starts).
    await evaluate(index);
    warmPids.push([...warmParentPids()].find((pid) => !before.has(pid)));
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = load();
  try {
    // Interleaved rounds, a block of evaluations back to back per variant; the cold mode one
    // evaluation every other round (it is slow, and only its median is shown). The CPU of a
    // block counts from a settled start to a settled end: its evaluations and the child
    // prepared for the next block, as many preparations as evaluations.
    const rounds = Math.ceil(evaluations / BLOCK);
    for (let round = 0; round < rounds; round += 1) {
      for (const index of runtimes.keys()) {
        const cold = index === COLD;
        if (cold && round % 2 !== 0) continue;
        await settle();
        const cpuBefore = cpuOf(index);
        const faultsBefore = faultsOf(index);
        const block = cold ? 1 : BLOCK;
        for (let at = 0; at < block; at += 1) {
          const start = process.hrtime.bigint();
          await evaluate(index);
          spans[index]?.push({ start, end: process.hrtime.bigint(), backToBack: at > 0 });
        }
        await settle();
        const used = allCpu[index];
        if (used) {
          used.ms += cpuOf(index) - cpuBefore;
          used.faults += faultsOf(index) - faultsBefore;
          used.evaluations += block;
        }
      }
    }
    const cpus = (await import('node:os')).cpus().length;
    const lines: string[] = [
      `  ${rounds * BLOCK} evaluations of channel_audit.py per warm variant, in blocks of ${BLOCK} back to back, variants interleaved (load average ${loadBefore} before, ${load()} after, ${cpus} cpus)`,
    ];
    const wallMedian = (index: number, backToBack?: boolean) =>
      median(
        (spans[index] ?? [])
          .filter((span) => backToBack === undefined || span.backToBack === backToBack)
          .map(({ start, end }) => ms(start, end)),
      );
    const cpuPerEvaluation = allCpu.map(({ ms, evaluations }) => ms / Math.max(1, evaluations));
    const faultsPerEvaluation = allCpu.map(
      ({ faults, evaluations }) => faults / Math.max(1, evaluations),
    );
    for (const [index, [name]] of variants.entries()) {
      const bound = (cpuPerEvaluation[index] ?? 0) / cpus;
      lines.push(
        index === COLD
          ? `  ${name}: median ${wallMedian(index).toFixed(1)} ms; CPU of every process ${cpuPerEvaluation[index]?.toFixed(1)} ms per evaluation`
          : `  ${name}: median ${wallMedian(index).toFixed(1)} ms (first of a block, its child prepared: ${wallMedian(index, false).toFixed(1)} ms; back to back: ${wallMedian(index, true).toFixed(1)} ms); CPU of every process (host, warm parent, init, verifier) ${cpuPerEvaluation[index]?.toFixed(1)} ms per evaluation: back to back on ${cpus} cores at best ${bound.toFixed(1)} ms each`,
      );
    }
    // Where the CPU goes on such a machine: every forked interpreter copies each page it
    // writes that its parent had written, and so does the parent after each fork; the cost
    // of one such copy is the machine's (docs/sandbox.md, "Warm and cold").
    const cowUs = await cowFaultMicroseconds();
    lines.push(
      `  one copy-on-write page fault costs ${cowUs.toFixed(1)} µs of CPU here (a forked python3 writing 4,096 inherited pages)`,
    );
    for (const [index, [name]] of variants.entries()) {
      const faults = faultsPerEvaluation[index] ?? 0;
      const faultMs = (faults * cowUs) / 1000;
      lines.push(
        `    ${name}: ${faults.toFixed(0)} page faults per evaluation (every process): about ${faultMs.toFixed(1)} ms of its ${cpuPerEvaluation[index]?.toFixed(1)} ms of CPU, ${((100 * faultMs) / (cpuPerEvaluation[index] || 1)).toFixed(0)}%`,
      );
    }
    for (const index of [1, 2]) {
      const name = variants[index]?.[0];
      const runtime = runtimes[index];
      if (!runtime) continue;
      const timeline = timelines(await runtime.warmTimings(), spans[index] ?? []);
      const total = wallMedian(index);
      lines.push(`  ${name} (${timeline.length} evaluations matched to their marks):`);
      lines.push(`    on the evaluation (critical path)${' '.repeat(32)}wall ms   CPU ms  of wall`);
      for (const { label, wall, cpu } of segmentMedians(timeline, CRITICAL))
        lines.push(row(label, wall, cpu, total));
      lines.push('    after the record (off the critical path)');
      for (const { label, wall, cpu } of segmentMedians(timeline, AFTER))
        lines.push(row(label, wall, cpu));
      lines.push(
        "    ahead (the next evaluation's child, prepared while this one runs; CPU of the process that takes the step)",
      );
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
