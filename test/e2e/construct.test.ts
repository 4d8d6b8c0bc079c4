// `agentproofbench construct` end to end: a scripted generator builds programs on source
// (stale) and on related (correct), then a paired run of the frozen programs shows the
// reuse − rebuild contrast, the cross-condition matrix and the construction costs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProgramMetaSchema } from '../../src/schema/program-meta.js';
import {
  REPO_ROOT,
  readReport,
  runCliFromSource,
  runVitest,
  tempDir,
} from './support/run-vitest.js';

const construct = (on: string, out: string, extra: string[]) =>
  runCliFromSource([
    'construct',
    '--generator',
    'fixtures/generators/scripted.ts',
    '--pack',
    'starter',
    '--on',
    on,
    '--out',
    out,
    ...extra,
  ]);

describe('agentproofbench construct, then run', () => {
  const built = tempDir('constructed');
  const outputs: Record<string, string> = {};

  beforeAll(async () => {
    for (const [set, on] of [
      ['reuse', 'source'],
      ['rebuild', 'related'],
    ] as const) {
      const result = await construct(on, path.join(built, set), [
        '--replicas',
        '2',
        '--budget',
        '12',
      ]);
      expect(result.exitCode, result.output).toBe(0);
      outputs[set] = result.output;
    }
  }, 240_000);

  it('writes {task}.{replica}.ts with sidecars and says what each cost', () => {
    expect(readdirSync(path.join(built, 'reuse')).filter((file) => file.endsWith('.ts'))).toEqual([
      'starter_1.r1.ts',
      'starter_1.r2.ts',
      'starter_2.r1.ts',
      'starter_2.r2.ts',
    ]);
    const meta = ProgramMetaSchema.parse(
      JSON.parse(readFileSync(path.join(built, 'rebuild', 'starter_2.r1.ts.meta.json'), 'utf8')),
    );
    expect(meta).toMatchObject({
      builtOn: 'related',
      generator: 'scripted.ts',
      budget: 12,
      budgetUsed: 2,
      constructionCost: 0.25,
    });
    expect(outputs.reuse).toContain(
      `✓ ${path.relative(REPO_ROOT, path.join(built, 'reuse', 'starter_1.r1.ts'))}  built on source, budget 2/12, 1 draft run(s), C $0.25`,
    );
    expect(outputs.reuse).toContain('4 of 4 programs built on source with scripted.ts; total C $1');
  });

  it('refuses to overwrite the frozen programs', async () => {
    const again = await construct('source', path.join(built, 'reuse'), ['--replicas', '1']);
    expect(again.exitCode).toBe(1);
    expect(again.output).toContain(
      '✗ starter_1.r1: starter_1.r1.ts already exists: programs are frozen (use --force to rebuild)',
    );
  });

  it('a paired run of the frozen programs shows reuse below rebuild on related', async () => {
    const file = path.join(tempDir('constructed-report'), 'report.json');
    const run = await runVitest('constructed', [], { APB_OUTPUT: file, APB_CONSTRUCTED: built });
    expect(run.exitCode, run.output).toBe(0);
    const report = readReport(file);
    expect(report.sets.map((set) => [set.set, set.programs])).toEqual([
      ['reuse', 4],
      ['rebuild', 4],
    ]);
    // Rebuilt on related: right everywhere. Built on source and reused: stale on related.
    const rebuild = report.sets[1]!;
    const reuse = report.sets[0]!;
    expect(rebuild.conditions.related.ba.estimate).toBe(1);
    expect(reuse.conditions.source.ba.estimate).toBe(1);
    expect(reuse.conditions.related.ba.estimate).toBeLessThan(1);
    const related = report.contrasts.find(
      (contrast) => contrast.name === 'reuse-rebuild (related)',
    );
    expect(related?.delta).toBeCloseTo(reuse.conditions.related.ba.estimate! - 1, 12);
    expect(related!.delta).toBeLessThan(0);
    expect(run.output).toContain('Δ reuse-rebuild (related)');
    // The sidecars' builtOn places every program in the 3 × 3 matrix without a flag.
    const { cells, panelsWithoutBuildCondition } = report.crossCondition;
    expect(panelsWithoutBuildCondition).toBe(0);
    expect(cells.source.source.ba).toBe(1);
    expect(cells.source.related.ba).toBe(reuse.conditions.related.ba.estimate);
    expect(cells.related.related.ba).toBe(1);
    expect(cells.related.source.ba).toBe(1);
    expect(cells.background.related.programs).toBe(0);
    // And their construction cost C is in the cost profile: 0.25 for each of the 8 programs.
    expect(report.cost!.programs.map((entry) => entry.construction)).toEqual(Array(8).fill(0.25));
  }, 240_000);
});
