import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgramRef } from '../../src/contract/case.js';
import type { EvaluationRecord } from '../../src/contract/record.js';
import { evaluateCase } from '../../src/evaluation/evaluate-case.js';
import { casesOfTask, type PackCase } from '../../src/pack/cases.js';
import type { Pack } from '../../src/pack/pack.js';
import { ISOLATION_MODES } from '../../src/sandbox/isolate/isolate-runtime.js';
import {
  MAX_RETAINED_CHECK_TEXT,
  MAX_RETAINED_EXPLANATION,
} from '../../src/sandbox/retained-result.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';
import { State } from '../../src/state/state.js';
import { loadBuiltinPack } from '../support/verifier-harness.js';
import { hostileVerifier, okVerifier } from './support/fixtures.js';
import { RESULT_CASES } from './support/hostile-result-cases.js';

const PROGRAM: ProgramRef = { id: 'hostile', set: 'default' };
const withoutDuration = ({ durationMs: _durationMs, ...rest }: EvaluationRecord) => rest;

/** Every isolate case runs in both isolation modes (docs/sandbox.md, "Pooled and fresh isolates"). */
type RuntimeKey = 'isolate pooled' | 'isolate fresh' | 'process';
const RUNS = RESULT_CASES.flatMap((expected) =>
  (expected.runtime === 'isolate'
    ? ISOLATION_MODES.map((mode): RuntimeKey => `isolate ${mode}`)
    : (['process'] as RuntimeKey[])
  ).map((key) => ({ ...expected, key })),
);

/** The same case with every issue description 200 kB long: a full page of them is 50 MB. */
function withLargeDescriptions(entry: PackCase): PackCase {
  const large = (state: State) => {
    const seed = {
      name: 'large-descriptions',
      service: 'linear' as const,
      tables: Object.fromEntries(
        state.tableNames().map((table) => [
          table,
          {
            key: [...state.keyColumns(table)],
            rows: state
              .rows(table)
              .map((row) =>
                table === 'issues' ? { ...row, description: 'd'.repeat(200_000) } : row,
              ),
          },
        ]),
      ),
    };
    return State.fromSeed(seed);
  };
  return { ...entry, before: large(entry.before), after: large(entry.after) };
}

describe('hostile results and requests (built-in Linear task, real replicas)', () => {
  let pack: Pack;
  let entry: PackCase;
  const runtimes = {} as Record<RuntimeKey, Runtime>;

  beforeAll(async () => {
    // Through the plan cache: the pack is only this test's fixture (test/run/open-pack.test.ts).
    pack = await loadBuiltinPack();
    entry = casesOfTask(pack, pack.task('linear_1'))[0]!;
    const limits = { timeoutMs: 20_000, memoryMb: 256 };
    for (const mode of ISOLATION_MODES)
      runtimes[`isolate ${mode}`] = await createRuntime('isolate', {
        limits,
        isolate: { isolation: mode },
      });
    runtimes.process = await createRuntime('process', {
      limits,
      process: { hiddenPaths: [pack.dir] },
    });
  });
  afterAll(async () => {
    for (const runtime of Object.values(runtimes)) await runtime?.close();
  });

  const evaluate = async (runtime: RuntimeKey, module: string, packCase = entry) =>
    (
      await evaluateCase({
        runtime: runtimes[runtime],
        task: pack.task('linear_1'),
        case: packCase,
        program: PROGRAM,
        module,
      })
    ).record;

  describe.each(RUNS)('$key: $file', (expected) => {
    it(`ends as ${expected.verdict ?? `Error ${expected.kind}`} with a bounded record, and the host answers the next evaluation`, async () => {
      const record: EvaluationRecord = await evaluate(
        expected.key,
        hostileVerifier(expected.file),
        expected.state ? withLargeDescriptions(entry) : entry,
      );
      if (expected.verdict) {
        expect(record.verdict, JSON.stringify(record).slice(0, 300)).toBe(expected.verdict);
      } else {
        expect(record).toMatchObject({ verdict: 'error', kind: expected.kind });
        expect(record.verdict === 'error' ? record.message : '').toMatch(expected.message ?? /./);
      }
      if (expected.explanation) expect(record.explanation).toMatch(expected.explanation);
      if (expected.checks !== undefined) expect(record.checks).toHaveLength(expected.checks);
      // Whatever the verifier sent, the record stays small.
      expect(record.explanation?.length ?? 0).toBeLessThanOrEqual(MAX_RETAINED_EXPLANATION);
      for (const check of record.checks) {
        expect(check.name.length).toBeLessThanOrEqual(MAX_RETAINED_CHECK_TEXT);
        expect(check.detail?.length ?? 0).toBeLessThanOrEqual(MAX_RETAINED_CHECK_TEXT);
      }
      expect(JSON.stringify(record).length).toBeLessThan(
        MAX_RETAINED_EXPLANATION + 64 * 2 * (MAX_RETAINED_CHECK_TEXT + 40) + 1_000,
      );
      // The run goes on: a well-behaved verifier still gets its answer.
      const next = await evaluate(
        expected.key,
        okVerifier(expected.runtime === 'isolate' ? 'launch-summary.ts' : 'launch_summary.py'),
      );
      expect(next.verdict === 'error' ? next.kind : 'answered').not.toBe('crash');
    });
  });

  // docs/sandbox.md, "Pooled and fresh isolates": a reused isolate shows nothing of the
  // evaluations before it, so its records are a fresh isolate's (durations aside).
  it.each(RESULT_CASES.filter((expected) => expected.runtime === 'isolate'))(
    'isolate: $file gives the same record pooled, twice in a row, as fresh',
    async (expected) => {
      const packCase = expected.state ? withLargeDescriptions(entry) : entry;
      const run = async (key: RuntimeKey) =>
        withoutDuration(await evaluate(key, hostileVerifier(expected.file), packCase));
      const fresh = await run('isolate fresh');
      expect([await run('isolate pooled'), await run('isolate pooled')]).toEqual([fresh, fresh]);
    },
  );
});
