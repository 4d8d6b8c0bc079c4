import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCliFromSource, type VitestRun } from './run-vitest.js';

export interface SharedRun extends VitestRun {
  /** The report JSON the run wrote (`--json`); the HTML report is beside it. */
  json: string;
}

/**
 * `agentproofbench run <args> --json …`, made once per `vitest run` and read by every e2e
 * file that asks for the same arguments: the e2e files run one after the other in workers of
 * one Vitest process (vitest.config.ts, `fileParallelism: false`), so the first that asks
 * makes it and the others read its output. A full two-set run of the built-in pack takes
 * minutes on 2 cores; two files check different things of the same run.
 */
export async function sharedCliRun(args: string[]): Promise<SharedRun> {
  const key = createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 16);
  // The workers' parent is the Vitest process of this run: a new run makes a new folder.
  const dir = path.join(tmpdir(), `apb-shared-run-${process.ppid}-${key}`);
  const json = path.join(dir, 'report.json');
  const done = path.join(dir, 'run.json');
  if (existsSync(done)) return { ...(JSON.parse(readFileSync(done, 'utf8')) as VitestRun), json };
  mkdirSync(dir, { recursive: true });
  const run = await runCliFromSource([...args, '--json', json], {}, 900_000);
  writeFileSync(done, JSON.stringify(run));
  return { ...run, json };
}
