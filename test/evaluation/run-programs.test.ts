import { beforeAll, describe, expect, it } from 'vitest';
import { runPrograms } from '../../src/evaluation/run-programs.js';
import { casesOfTask } from '../../src/pack/cases.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import type { Pack } from '../../src/pack/pack.js';
import { builtinPackDir } from '../../src/pack/resolve.js';
import type { EvaluationInput, Runtime } from '../../src/sandbox/runtime.js';

/** A runtime that records which verifier it was asked for, in call order. */
function recordingRuntime(calls: string[]): Runtime {
  return {
    name: 'inline',
    isolation: { level: 'none', measures: [], missing: [] },
    evaluate: async (input: EvaluationInput) => {
      calls.push(String(input.verifier));
      // Yield so that evaluations in flight interleave.
      await new Promise((resolve) => setImmediate(resolve));
      return { verdict: 'pass', checks: [], durationMs: 0, operations: 0 };
    },
    close: async () => undefined,
  };
}

describe('runPrograms', () => {
  let pack: Pack;
  beforeAll(async () => {
    pack = await loadPackOrThrow(builtinPackDir('starter'));
  });

  it('runs task by task but returns results program by program, in pack order', async () => {
    const [first, second] = pack.tasks;
    const entry = (task: string, program: string) => ({
      task,
      module: `/verifiers/${program}.ts`,
      program: { id: program, set: 'default' },
    });
    // Programs alternate between the two tasks, as rounds of one program per task do.
    const programs = [
      entry(first!.id, 'a1'),
      entry(second!.id, 'b1'),
      entry(first!.id, 'a2'),
      entry(second!.id, 'b2'),
    ];
    const calls: string[] = [];
    const results = await runPrograms(pack, programs, recordingRuntime(calls), {
      concurrency: 3,
    });
    const casesOf = (task: typeof first) => casesOfTask(pack, task!);
    const sizes = [casesOf(first).length, casesOf(second).length];
    expect(sizes.every((size) => size > 0)).toBe(true);
    // Returned: each program's cases, programs in the order given.
    const expected = programs.flatMap((program) =>
      casesOfTask(pack, pack.task(program.task)).map((packCase) => [
        program.program.id,
        packCase.task,
        packCase.condition,
        packCase.outcome,
        packCase.kind,
      ]),
    );
    expect(
      results.map((result) => [
        result.program.id,
        result.task,
        result.condition,
        result.outcome,
        result.kind,
      ]),
    ).toEqual(expected);
    // Run: both programs of the first task before any of the second.
    const started = calls.map((module) => module.replace(/^\/verifiers\/|\.ts$/g, ''));
    expect(started).toEqual([
      ...Array<string>(sizes[0]!).fill('a1'),
      ...Array<string>(sizes[0]!).fill('a2'),
      ...Array<string>(sizes[1]!).fill('b1'),
      ...Array<string>(sizes[1]!).fill('b2'),
    ]);
  });
});
