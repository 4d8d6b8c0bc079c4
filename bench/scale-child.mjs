// One scale measurement in a process of its own (bench/scale.bench.ts), on the built package
// (`npm run bench` builds it first) as a user's process runs it: plain Node, no TypeScript
// loader in the process whose peak RSS is measured. `programCopies` rounds of one program
// per task over all cases (or over the source panels only).
// Usage: node bench/scale-child.mjs <target> <mixed|programs|states> <runtime> <concurrency> <isolation>
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => import(path.join(root, 'dist/src', file));
const { resolvePrograms } = await dist('evaluation/programs.js');
const { runPrograms } = await dist('evaluation/run-programs.js');
const { loadPackOrThrow } = await dist('pack/load.js');
const { createRuntime } = await dist('sandbox/runtime.js');

const [target, shape, runtimeName, concurrencyText, isolation] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const pack = await loadPackOrThrow(path.join(root, 'fixtures/packs/builtin'));
const base = resolvePrograms(
  path.join(root, 'examples/verifiers/{task}.ts'),
  pack.tasks.map((task) => task.id),
);
const runtime = await createRuntime(runtimeName, { isolate: { isolation } });
// What the process holds before any evaluation: Node, the library, the pack and its states.
const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
// Warm the bundle cache and JIT once, outside the timed region.
await runPrograms(pack, base.slice(0, 1), runtime);
const casesPerRound = (await runPrograms(pack, base, runtime, { filter: { witness: true } }))
  .length;
// 'programs' uses only the source panels (few states, many programs); 'mixed' every case.
const filter = shape === 'programs' ? { conditions: ['source'], witness: false } : {};
const perRound = shape === 'programs' ? Math.max(1, Math.round(casesPerRound / 3)) : casesPerRound;
const rounds = Math.max(1, Math.round(Number(target) / perRound));
const programs = Array.from({ length: rounds }, (_, round) =>
  base.map((entry) => ({
    ...entry,
    program: { ...entry.program, id: `${entry.program.id}.r${round}` },
  })),
).flat();
const start = performance.now();
const cpuStart = process.cpuUsage();
const results = await runPrograms(pack, programs, runtime, { filter, concurrency });
const ms = performance.now() - start;
// CPU time of the whole process (the verifiers run on its thread): steadier than wall time
// on a machine shared with other work.
const cpu = process.cpuUsage(cpuStart);
const cpuMs = (cpu.user + cpu.system) / 1000;
const peakRssMb = process.resourceUsage().maxRSS / 1024;
// What survives a full collection with every result still held (only with --expose-gc,
// after the peak was read): V8 lets the heap grow to a few times this between collections.
globalThis.gc?.();
const liveHeapMb = globalThis.gc ? process.memoryUsage().heapUsed / 2 ** 20 : undefined;
await runtime.close();
const operations = results.map((result) => result.record.operations).sort((a, b) => a - b);
console.log(
  JSON.stringify({
    evaluations: results.length,
    programs: programs.length,
    statesPerProgram: results.length / programs.length,
    ms,
    cpuMs,
    perSecond: (results.length / ms) * 1000,
    baselineRssMb,
    peakRssMb,
    liveHeapMb,
    errors: results.filter((result) => result.record.verdict === 'error').length,
    medianOperations: operations[Math.floor(operations.length / 2)] ?? 0,
  }),
);
