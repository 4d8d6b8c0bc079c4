// Side by side: back-to-back warm evaluations of channel_audit.py from several checkouts of the
// process runtime (a folder holding src/ and python/, e.g. a git worktree of main), interleaved in
// blocks; CPU of every process per evaluation (this host and each warm parent with its reaped
// children, from /proc). Needs root. Usage: npx tsx .scratch/warm-back-to-back.mts ROUNDS BLOCK DIR[@OPTIONS_JSON]...
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createFakeReplica, launchTask, POSTED_WORKSPACE, QUIET_WORKSPACE } from '../fixtures/verifiers/chat-workspace.js';
const VERIFIER = fileURLToPath(new URL('../fixtures/verifiers/ok/channel_audit.py', import.meta.url));
const TICK = 10;
const stat = (p: number) => { const s = readFileSync(`/proc/${p}/stat`, 'utf8'); return s.slice(s.lastIndexOf(')') + 2).split(' '); };
const cmd = (p: number) => { try { return readFileSync(`/proc/${p}/cmdline`, 'utf8'); } catch { return ''; } };
function warmPythons(): Set<number> {
  const out = new Set<number>();
  for (const e of readdirSync('/proc')) { if (!/^\d+$/.test(e)) continue; const p = Number(e);
    if (!cmd(p).startsWith('python3\0agentproofbench_runner.py\0--warm')) continue;
    try { const pp = Number(stat(p)[1]); if (cmd(pp).startsWith('python3')) continue; let q = pp; let mine = false; while (q > 1) { if (q === process.pid) { mine = true; break; } q = Number(stat(q)[1]); } if (mine) out.add(p); } catch {} }
  return out;
}
const treeCpu = (p: number) => { const f = stat(p); return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK; };
const ownCpu = (p: number) => { const f = stat(p); return (Number(f[11]) + Number(f[12])) * TICK; };
const rounds = Number(process.argv[2] ?? 8), block = Number(process.argv[3] ?? 5);
const roots = process.argv.slice(4);
const variants = [] as Array<{ name: string; evaluate: () => Promise<void>; pid: number; close: () => Promise<void>; walls: number[]; host: number; tree: number; own: number }>;
for (const root of roots) {
  const [dir, opts = '{}'] = root.split('@');
  const { createProcessRuntime } = await import(`${dir}/src/sandbox/process/process-runtime.ts`);
  const before = warmPythons();
  const runtime = await createProcessRuntime({ timeoutMs: 30_000, memoryMb: 256 }, JSON.parse(opts));
  const evaluate = async () => { const r = await runtime.evaluate({ verifier: VERIFIER, task: launchTask(), before: createFakeReplica(QUIET_WORKSPACE), after: createFakeReplica(POSTED_WORKSPACE) }); if (r.verdict !== 'pass') throw new Error(JSON.stringify(r)); };
  for (let i = 0; i < 3; i++) await evaluate();
  const pid = [...warmPythons()].find((p) => !before.has(p));
  if (!pid) throw new Error('no warm parent for ' + root);
  variants.push({ name: root, evaluate, pid, close: () => runtime.close(), walls: [], host: 0, tree: 0, own: 0 });
}
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const l0 = load();
for (let r = 0; r < rounds; r++) for (const v of variants) {
  await new Promise((res) => setTimeout(res, 150)); // the previous variant's spare settles
  const c0 = treeCpu(v.pid); const o0 = ownCpu(v.pid); const h0 = process.cpuUsage();
  for (let i = 0; i < block; i++) { const t = process.hrtime.bigint(); await v.evaluate(); v.walls.push(Number(process.hrtime.bigint() - t) / 1e6); }
  await new Promise((res) => setTimeout(res, 150)); // this variant's last spare finished preparing (its CPU counted here)
  const h = process.cpuUsage(h0); v.host += (h.user + h.system) / 1000; v.tree += treeCpu(v.pid) - c0; v.own += ownCpu(v.pid) - o0;
}
for (const v of variants) { const w = [...v.walls].sort((a, b) => a - b); const n = w.length;
  console.log(`${v.name}: n=${n} wall median ${w[n >> 1]!.toFixed(1)} ms; CPU/eval host ${(v.host / n).toFixed(1)} + warm tree ${(v.tree / n).toFixed(1)} (warm parent itself ${(v.own / n).toFixed(1)}) = ${((v.host + v.tree) / n).toFixed(1)} ms`); }
console.log(`load ${l0} -> ${load()}`);
for (const v of variants) await v.close();
