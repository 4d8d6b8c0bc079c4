import { describe, expect, it } from 'vitest';
import { explainResults } from '../../matchers/recorded-explanations.js';
import { caseKey } from '../../reporters/html/verdict-grid.js';
import {
  correctRule,
  loadStarter,
  simulate,
  staleRule,
} from '../reporters/support/starter-results.js';

describe('explainResults', () => {
  it('explains every recorded case of the pack, keyed as the verdict grid looks it up', async () => {
    const pack = await loadStarter();
    const results = simulate(pack, staleRule, 'reuse');
    const explanations = explainResults(pack, results);
    expect(explanations.size).toBe(results.length);
    const replay = results.find((r) => r.kind === 'witness-replay' && r.task === 'starter_1')!;
    const text = explanations.get(
      caseKey({
        set: 'reuse',
        program: replay.program.id,
        task: replay.task,
        condition: replay.condition,
        kind: replay.kind,
        outcome: replay.outcome,
      }),
    );
    expect(text).toMatch(/^Verdict: pass\nVerifier checks: none returned/);
    expect(text).toContain('Reference (labels this outcome invalid)');
    expect(text).toContain('Row diff (before → after)');
  });

  it('leaves out cases the pack does not have', async () => {
    const pack = await loadStarter();
    const results = simulate(pack, correctRule).map((r) => ({ ...r, task: `${r.task}-gone` }));
    expect(explainResults(pack, results).size).toBe(0);
  });
});
