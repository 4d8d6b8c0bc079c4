// Type tests of the project options as a user's vitest.config.ts writes them: what
// `defineAgentProofBenchProject` accepts and what it refuses at compile time. Checked by
// `npm run typecheck`, as test/matchers/matchers.test-d.ts says.
import { describe, expectTypeOf, it } from 'vitest';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import {
  type AgentProofBenchOptions,
  defineAgentProofBenchProject,
  type Gates,
  type RunMode,
} from '../../src/vitest/index.js';

describe('defineAgentProofBenchProject options', () => {
  it('takes the documented options and gives a Vitest project', () => {
    const project = defineAgentProofBenchProject({
      verifier: 'verifiers/{task}.ts',
      pack: 'builtin',
      runtime: 'isolate',
      isolation: 'fresh',
      mode: 'gate',
      gates: { ba: { related: 0.95 }, falseAccept: 0, jointCorrect: 'all', errors: 0 },
      conditions: ['source', 'related'],
      limits: { timeoutMs: 10_000 },
      cost: { currency: 'USD', perSecond: 0.001, uses: [1, 10] },
      programs: { reuse: { verifier: 'a/{task}.ts', builtOn: 'source' }, rebuild: 'b/{task}.ts' },
    });
    expectTypeOf(project).toEqualTypeOf<TestProjectInlineConfiguration>();
    expectTypeOf(defineAgentProofBenchProject).parameter(0).toEqualTypeOf<AgentProofBenchOptions>();
  });

  it('names the run modes', () => {
    expectTypeOf<RunMode>().toEqualTypeOf<'tdd' | 'gate'>();
    expectTypeOf<{ errors: number }>().toExtend<Gates>();
  });

  it('refuses unknown options and values outside their set', () => {
    // @ts-expect-error not a runtime
    defineAgentProofBenchProject({ verifier: 'v.ts', runtime: 'docker' });
    // @ts-expect-error not a mode
    defineAgentProofBenchProject({ verifier: 'v.ts', mode: 'benchmark' });
    // @ts-expect-error not a condition
    defineAgentProofBenchProject({ verifier: 'v.ts', conditions: ['elsewhere'] });
    // @ts-expect-error an option the schema does not have
    defineAgentProofBenchProject({ verifier: 'v.ts', verifiers: 'v.ts' });
    // @ts-expect-error a limit the runtime does not have
    defineAgentProofBenchProject({ verifier: 'v.ts', limits: { cpus: 2 } });
  });
});
