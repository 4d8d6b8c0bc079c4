// No host-side cache may let one evaluation observe another (docs/sandbox.md): the same
// verifier on the same case gives the same record whatever ran before it on the same
// states (their row caches, derived indexes, parsed-query cache, bundle and code caches).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationRecord } from '../../src/contract/record.js';
import { evaluateCase } from '../../src/evaluation/evaluate-case.js';
import type { Pack } from '../../src/pack/pack.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';
import { exampleVerifierPath, loadBuiltinPack, namedCasesOf } from '../support/verifier-harness.js';

const SERVICES = ['linear', 'slack', 'box', 'calendar'];
const withoutDuration = ({ durationMs: _durationMs, ...rest }: EvaluationRecord) => rest;
const program = { id: 'cross-evaluation', set: 'default' };

let pack: Pack;
let runtime: Runtime;
beforeAll(async () => {
  pack = await loadBuiltinPack();
  runtime = await createRuntime('isolate');
});
afterAll(() => runtime.close());

/** Every example verifier of a service, correct and stale: the evaluations that run in between. */
const othersOf = (service: string) =>
  [1, 2, 3, 4].flatMap((n) => [
    exampleVerifierPath(`${service}_${n}`),
    path.join(path.dirname(exampleVerifierPath(`${service}_${n}`)), 'stale', `${service}_${n}.ts`),
  ]);

describe.each(SERVICES)('%s', (service) => {
  it('a verifier gives the same record on a case before and after every other verifier ran on its states', async () => {
    const task = pack.task(`${service}_1`);
    const verifier = exampleVerifierPath(task.id);
    for (const entry of namedCasesOf(pack, task)) {
      const first = await evaluateCase({ runtime, task, case: entry, program, module: verifier });
      for (const other of othersOf(service))
        await evaluateCase({
          runtime,
          task: pack.task(path.basename(other, '.ts')),
          case: entry,
          program,
          module: other,
        });
      const again = await evaluateCase({ runtime, task, case: entry, program, module: verifier });
      expect(first.record.verdict, entry.name).not.toBe('error');
      expect(withoutDuration(again.record), entry.name).toEqual(withoutDuration(first.record));
    }
  });
});
