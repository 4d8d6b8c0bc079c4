import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPageCases } from '../../reporters/html/case-data.js';
import { planCacheDir, seal } from '../../src/run/plan-cache.js';
import { userProject } from './support/user-project.js';

/** What each verdict-grid cell of an HTML report opens: case key → title and explanation. */
function openedCases(html: string): Record<string, { title: string; text: string }> {
  return Object.fromEntries(readPageCases(html));
}

describe('case explanations kept with the plan cache (real Vitest runs in a user repository)', () => {
  const project = userProject('plan-cache-explanations');
  afterAll(() => project.remove());
  project.copy('fixtures/verifiers/starter/stale', 'verifiers');
  project.copy('fixtures/verifiers/starter/lib', 'lib');
  project.write(
    'vitest.config.ts',
    `import { defineConfig } from 'vitest/config';
import { defineAgentProofBenchProject } from 'agentproofbench/vitest';
export default defineConfig({ test: { projects: [defineAgentProofBenchProject({
  pack: 'starter', verifier: 'verifiers/{task}.ts', mode: 'tdd', resamples: 200,
  outputFile: process.env.APB_OUTPUT, planCache: process.env.APB_PLAN_CACHE !== 'off',
})] } });
`,
  );
  const run = async (name: string, env: Record<string, string> = {}) => {
    const result = await project.vitest(['run'], { APB_OUTPUT: `${name}.json`, ...env });
    const html = readFileSync(path.join(project.dir, `${name}.html`), 'utf8');
    return { output: result.output, cases: openedCases(html) };
  };
  const companions = () =>
    readdirSync(planCacheDir(project.dir)).filter((name) =>
      name.endsWith('.case-explanations.json'),
    );

  it('gives the same explanations cold, warm and with the cache off; a warm run reads the stored parts', async () => {
    const cold = await run('cold');
    const explained = Object.values(cold.cases).filter((entry) =>
      entry.text.includes('Row diff (before → after)'),
    );
    // Every cell opens the matchers' explanation, not only what the report holds.
    expect(explained.length, cold.output).toBe(Object.keys(cold.cases).length);
    expect(explained.length).toBeGreaterThan(10);
    expect(companions(), cold.output).toHaveLength(1);

    const warm = await run('warm');
    expect(warm.cases).toEqual(cold.cases);
    const off = await run('off', { APB_PLAN_CACHE: 'off' });
    expect(off.cases).toEqual(cold.cases);

    // A stored part stands in for the one the warm run would make: the run read it.
    const file = path.join(planCacheDir(project.dir), companions()[0]!);
    // Sealed again as the cache seals it: an edited companion whose seal fails is not read.
    const text = readFileSync(file, 'utf8');
    const newline = text.indexOf('\n');
    const { key } = JSON.parse(text.slice(0, newline));
    const stored = JSON.parse(text.slice(newline + 1));
    const [id] = Object.keys(stored);
    stored[id!] = 'Reference: read from the plan cache';
    writeFileSync(file, seal(planCacheDir(project.dir), key, JSON.stringify(stored)));
    const read = await run('read');
    const changed = Object.entries(read.cases).filter(([key, entry]) => {
      return entry.text !== cold.cases[key]?.text;
    });
    expect(changed.length, read.output).toBeGreaterThan(0);
    for (const [, entry] of changed)
      expect(entry.text).toContain('Reference: read from the plan cache');
    // With the cache off nothing stored is read.
    const offAgain = await run('off-again', { APB_PLAN_CACHE: 'off' });
    expect(offAgain.cases).toEqual(cold.cases);
  });
});
