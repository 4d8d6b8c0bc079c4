import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type ConstructionOutcome,
  constructPack,
  writeQualifiedConstruction,
} from '../../../../src/import/agent-diff/construct/construct-pack.js';
import { importAgentDiff } from '../../../../src/import/agent-diff/import-pack.js';
import { loadPackOrThrow } from '../../../../src/pack/load.js';
import type { Pack } from '../../../../src/pack/pack.js';
import { evaluateReference } from '../../../../src/reference/evaluate.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../../support/shared.js';

describeWithAgentDiff(
  'import agent-diff --construct --runs: a recorded valid ending as the complete outcome',
  () => {
    let root: string;
    let outcome: ConstructionOutcome;
    let pack: Pack;
    beforeAll(async () => {
      const imported = await importAgentDiff({
        dataDir: AGENT_DIFF_DIR,
        suites: [path.join(AGENT_DIFF_DIR, 'testsuites', 'linear_bench.json')],
        runs: [path.join(AGENT_DIFF_DIR, 'runs', 'linear')],
      });
      root = await mkdtemp(path.join(tmpdir(), 'apb-recorded-complete-'));
      outcome = await writeQualifiedConstruction(
        path.join(root, 'pack'),
        imported,
        constructPack(imported),
      );
      pack = await loadPackOrThrow(path.join(root, 'pack'));
    }, 240_000);
    afterAll(async () => {
      if (root) await rm(root, { recursive: true, force: true });
    });

    it("takes a recorded run's valid ending as the complete outcome and keeps the recipe's calls beside it", () => {
      const preferred = outcome.reports.filter(
        (report) => report.qualified && report.items[0]?.recipe.startsWith('a recorded run'),
      );
      expect(preferred.length).toBeGreaterThan(0);
      for (const report of preferred) {
        const task = pack.task(report.task)!;
        const complete = task.outcomes.source.find((o) => o.role === 'complete')!;
        const recorded = task.outcomes.source.find((o) => o.id === report.items[0]!.source)!;
        // The complete outcome is that natural ending's rows, not calls, and the reference accepts it.
        expect(recorded.role, task.id).toBe('natural');
        expect(complete.calls, task.id).toBeUndefined();
        expect(complete.patch, task.id).toEqual(recorded.patch);
        const { before, after } = pack.states(task, 'source', 'complete');
        expect(evaluateReference(task.reference, before, after).label, task.id).toBe('valid');
        // The recipe's ending stays, written as calls, and is the witness decision.
        const made = task.outcomes.source.find((o) => o.id === 'complete-calls')!;
        expect(made.role, task.id).toBe('alternative');
        expect(made.calls?.length, task.id).toBeGreaterThan(0);
        expect(task.witness?.decision, task.id).toBe('complete-calls');
        expect(pack.witness(task)!.replay.after, task.id).toBeDefined();
      }
    });

    it('keeps the call-made complete outcome where no recorded ending can be taken', () => {
      const kept = outcome.reports.filter(
        (report) => report.qualified && report.items[0]?.recipe === 'one call recipe per assertion',
      );
      expect(kept.length).toBeGreaterThan(0);
      for (const report of kept) {
        const task = pack.task(report.task)!;
        const complete = task.outcomes.source.find((o) => o.role === 'complete')!;
        expect(complete.calls?.length, task.id).toBeGreaterThan(0);
        expect(task.witness?.decision, task.id).toBe('complete');
        // No valid recorded ending without inserted rows was passed over.
        for (const natural of task.outcomes.source.filter(
          (o) => o.role === 'natural' && o.label === 'valid',
        ))
          expect(
            natural.patch.length === 0 || natural.patch.some((op) => op.op === 'insert'),
            `${task.id}/${natural.id}`,
          ).toBe(true);
      }
    });
  },
);
