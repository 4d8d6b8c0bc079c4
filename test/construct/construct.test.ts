import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { construct } from '../../src/construct/construct.js';
import type { Generator, GeneratorContext } from '../../src/construct/generator.js';
import { loadGeneratorModule } from '../../src/construct/load-generator.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import type { Pack } from '../../src/pack/pack.js';
import { resolvePackDir } from '../../src/pack/resolve.js';
import { ProgramMetaSchema } from '../../src/schema/program-meta.js';

const SCRIPTED = path.resolve(import.meta.dirname, '../../fixtures/generators/scripted.ts');
let pack: Pack;

beforeAll(async () => {
  pack = await loadPackOrThrow(resolvePackDir('starter'));
});

const tempOut = () => mkdtempSync(path.join(os.tmpdir(), 'apb-construct-'));

describe('construct', () => {
  it('writes {task}.{replica}.ts and a sidecar with builtOn, generator, budget used and cost C', async () => {
    const out = tempOut();
    const results = await construct({
      pack,
      generator: await loadGeneratorModule(SCRIPTED),
      generatorName: 'scripted.ts',
      on: 'source',
      replicas: 2,
      budget: 12,
      out,
    });
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true]);
    expect(readdirSync(out).sort()).toEqual([
      'starter_1.r1.ts',
      'starter_1.r1.ts.meta.json',
      'starter_1.r2.ts',
      'starter_1.r2.ts.meta.json',
      'starter_2.r1.ts',
      'starter_2.r1.ts.meta.json',
      'starter_2.r2.ts',
      'starter_2.r2.ts.meta.json',
    ]);
    const file = path.join(out, 'starter_1.r2.ts');
    const meta = ProgramMetaSchema.parse(JSON.parse(readFileSync(`${file}.meta.json`, 'utf8')));
    expect(meta).toEqual({
      builtOn: 'source',
      constructionCost: 0.25,
      generator: 'scripted.ts',
      task: 'starter_1',
      replica: 'r2',
      budget: 12,
      // one GraphQL root field read, one draft run
      budgetUsed: 2,
      draftRuns: 1,
      rounds: 3,
      sourceSha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
    });
    // Frozen and self-contained: the stale program, importing nothing from the repository.
    const source = readFileSync(file, 'utf8');
    expect(source).toContain('st-FAC-todo');
    expect(source).not.toMatch(/from ['"]\.\.?\//);
  });

  it('gives the generator only the contract: public task, the chosen before-state, a budget', async () => {
    const seen: Array<Omit<GeneratorContext, 'before' | 'runDraft' | 'remaining' | 'charge'>> = [];
    const spy: Generator = async (context) => {
      const { before: _b, runDraft: _r, remaining: _m, charge: _c, ...rest } = context;
      seen.push(structuredClone(rest));
      return { source: 'export default () => ({ verdict: "unknown" })\n', language: 'ts' };
    };
    await construct({
      pack,
      generator: spy,
      generatorName: 'spy',
      on: 'related',
      replicas: 1,
      budget: 3,
      out: tempOut(),
    });
    expect(seen).toHaveLength(2);
    expect(Object.keys(seen[0]!.task).sort()).toEqual([
      'actor',
      'docs',
      'id',
      'instruction',
      'service',
    ]);
    expect(seen[0]).toMatchObject({ condition: 'related', replica: 'r1', budget: 3 });
    expect(JSON.stringify(seen)).not.toMatch(/"reference"|"label"|"fault"|"outcomes"/);
  });

  it('charges what a generator spends outside the API against the same budget', async () => {
    const left: number[] = [];
    const spender: Generator = async (context) => {
      left.push(context.remaining());
      const took = [context.charge(2), context.charge(2)];
      left.push(context.remaining());
      expect(took).toEqual([true, false]);
      return { source: 'export default () => ({ verdict: "unknown" })\n', language: 'ts' };
    };
    await construct({
      pack,
      generator: spender,
      generatorName: 'spender',
      on: 'related',
      replicas: 1,
      budget: 3,
      out: tempOut(),
    });
    expect(left.slice(0, 2)).toEqual([3, 1]);
  });

  it('reads the before-state of the condition it builds on', async () => {
    const statuses: Record<string, unknown> = {};
    const reader: Generator = async (context) => {
      const result = (await context.before.graphql('{ issues { nodes { id state { id } } } }')) as {
        data: { issues: { nodes: Array<{ id: string; state: { id: string } }> } };
      };
      statuses[context.condition] = result.data.issues.nodes.find(
        (n) => n.id === 'iss-fac-1',
      )?.state.id;
      return { source: 'export default () => ({ verdict: "unknown" })\n', language: 'ts' };
    };
    for (const on of ['source', 'related'] as const)
      await construct({
        pack,
        generator: reader,
        generatorName: 'reader',
        on,
        replicas: 1,
        budget: 2,
        out: tempOut(),
        tasks: ['starter_1'],
      });
    expect(statuses.source).toBe('st-FAC-todo');
    expect(statuses.related).not.toBe('st-FAC-todo');
  });

  it('stops reads and drafts at the budget: the generator sees the refusal, the sidecar the spend', async () => {
    const out = tempOut();
    const errors: string[] = [];
    const greedy: Generator = async (context) => {
      for (let i = 0; i < 3; i += 1) {
        try {
          await context.before.graphql('{ issues { nodes { id } } }');
        } catch (error) {
          errors.push((error as Error).name);
        }
      }
      try {
        await context.runDraft({
          source: 'export default () => ({ verdict: "fail" })',
          language: 'ts',
        });
      } catch (error) {
        errors.push((error as Error & { code?: string }).code ?? 'none');
      }
      return { source: 'export default () => ({ verdict: "fail" })\n', language: 'ts', costUsd: 0 };
    };
    const [result] = await construct({
      pack,
      generator: greedy,
      generatorName: 'greedy',
      on: 'source',
      replicas: 1,
      budget: 2,
      out,
      tasks: ['starter_1'],
    });
    expect(errors).toEqual(['BudgetExhaustedError', 'APB_CONSTRUCTION_BUDGET']);
    expect(result).toMatchObject({ ok: true, meta: { budget: 2, budgetUsed: 2, draftRuns: 0 } });
  });

  it('runs a draft in the sandbox on the before-state as both snapshots and returns its record', async () => {
    let record: unknown;
    const drafter: Generator = async (context) => {
      record = await context.runDraft({
        source:
          'export default async (task, before, after) => ({ verdict: "unknown", explanation: task.id })',
        language: 'ts',
      });
      return { source: 'export default () => ({ verdict: "unknown" })\n', language: 'ts' };
    };
    const [result] = await construct({
      pack,
      generator: drafter,
      generatorName: 'drafter',
      on: 'source',
      replicas: 1,
      budget: 1,
      out: tempOut(),
      tasks: ['starter_2'],
    });
    expect(record).toMatchObject({ verdict: 'unknown', explanation: 'starter_2' });
    expect(result).toMatchObject({ ok: true, meta: { budgetUsed: 1, draftRuns: 1 } });
  });

  it('fails one program, not the run, for a generator that throws or returns no program', async () => {
    let call = 0;
    const flaky: Generator = async () => {
      call += 1;
      if (call === 1) throw new Error('model unavailable');
      if (call === 2) return { source: '', language: 'rust' } as never;
      return { source: 'export default () => ({ verdict: "fail" })\n', language: 'ts' };
    };
    const out = tempOut();
    const results = await construct({
      pack,
      generator: flaky,
      generatorName: 'flaky',
      on: 'source',
      replicas: 3,
      budget: 0,
      out,
      tasks: ['starter_1'],
    });
    expect(results).toEqual([
      {
        ok: false,
        task: 'starter_1',
        replica: 'r1',
        message: 'the generator threw: model unavailable',
      },
      expect.objectContaining({
        ok: false,
        replica: 'r2',
        message: expect.stringMatching(/^the generator returned no program: source: /),
      }),
      expect.objectContaining({ ok: true, replica: 'r3' }),
    ]);
    expect(readdirSync(out).sort()).toEqual(['starter_1.r3.ts', 'starter_1.r3.ts.meta.json']);
  });

  it('never replaces a frozen program unless forced', async () => {
    const out = tempOut();
    writeFileSync(path.join(out, 'starter_1.r1.ts'), '// frozen\n');
    const writer: Generator = () => ({
      source: 'export default () => ({ verdict: "fail" })\n',
      language: 'ts',
    });
    const options = {
      pack,
      generator: writer,
      generatorName: 'w',
      on: 'source' as const,
      replicas: 1,
      budget: 0,
      out,
      tasks: ['starter_1'],
    };
    const [refused] = await construct(options);
    expect(refused).toMatchObject({
      ok: false,
      message: 'starter_1.r1.ts already exists: programs are frozen (use --force to rebuild)',
    });
    expect(readFileSync(path.join(out, 'starter_1.r1.ts'), 'utf8')).toBe('// frozen\n');
    const [forced] = await construct({ ...options, force: true });
    expect(forced).toMatchObject({ ok: true });
  });
});

describe('loadGeneratorModule', () => {
  it('names the file and the fix when the module exports no generator', async () => {
    const dir = tempOut();
    const file = path.join(dir, 'nothing.ts');
    writeFileSync(file, 'export const x: number = 1;\n');
    await expect(loadGeneratorModule(file)).rejects.toMatchObject({
      code: 'APB_GENERATOR_MODULE',
      message: `APB_GENERATOR_MODULE: ${file} exports no generator\nFix: export a function as default or as "generate" (docs/construct.md)`,
    });
    expect(readdirSync(dir)).toEqual(['nothing.ts']);
  });
});
