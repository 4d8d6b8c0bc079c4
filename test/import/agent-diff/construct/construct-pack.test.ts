import { readdirSync } from 'node:fs';
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
import { taskTier } from '../../../../src/pack/task-tier.js';
import { evaluateReference } from '../../../../src/reference/evaluate.js';
import type { Reference } from '../../../../src/schema/task.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../../support/shared.js';

describeWithAgentDiff('import agent-diff --construct on the Agent-Diff suites', () => {
  let dir: string;
  let outcome: ConstructionOutcome;
  let pack: Pack;
  beforeAll(async () => {
    const suitesDir = path.join(AGENT_DIFF_DIR, 'testsuites');
    const suites = readdirSync(suitesDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => path.join(suitesDir, file));
    const imported = await importAgentDiff({ dataDir: AGENT_DIFF_DIR, suites });
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'apb-construct-')), 'pack');
    outcome = await writeQualifiedConstruction(dir, imported, constructPack(imported));
    pack = await loadPackOrThrow(dir);
  }, 240_000);
  afterAll(async () => {
    if (dir) await rm(path.dirname(dir), { recursive: true, force: true });
  });

  it('accounts for every task: a qualified full task, or a reason', () => {
    expect(outcome.reports).toHaveLength(pack.tasks.length);
    for (const report of outcome.reports) {
      if (report.tier === 'full') expect(report.qualified, report.task).toBe(true);
      else expect(report.reason, report.task).toMatch(/\S/);
    }
    const summed = Object.values(outcome.summary.byService).reduce(
      (sum, entry) => sum + entry.tasks,
      0,
    );
    expect(summed).toBe(pack.tasks.length);
    const refused = outcome.reports.filter((report) => report.tier !== 'full').length;
    expect(outcome.summary.reasons.reduce((sum, entry) => sum + entry.tasks, 0)).toBe(refused);
  });

  it('constructs at least 70 full tasks that qualify, on every one of the four services', () => {
    const byService = new Map<string, number>();
    for (const report of outcome.reports.filter((r) => r.qualified)) {
      const service = pack.task(report.task)!.service;
      byService.set(service, (byService.get(service) ?? 0) + 1);
    }
    expect([...byService.keys()].sort()).toEqual(['box', 'calendar', 'linear', 'slack']);
    expect([...byService.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(
      70,
    );
    for (const [service, entry] of Object.entries(outcome.summary.byService))
      expect(entry.qualified, service).toBe(byService.get(service) ?? 0);
  });

  it("shows each task's tier in the report as the written pack has it: full or natural-only", () => {
    for (const report of outcome.reports) {
      const tier = taskTier(pack.task(report.task)!).tier;
      expect(report.packTier, report.task).toBe(tier);
      // Imported without recorded runs, a task kept as imported has only its start prefix.
      expect(tier, report.task).toBe(report.qualified ? 'full' : 'natural-only');
    }
    const full = outcome.reports.filter((report) => report.qualified).length;
    expect(outcome.summary.tiers).toEqual({
      full,
      partial: 0,
      'natural-only': outcome.reports.length - full,
    });
  });

  it('writes each constructed task as a full task whose every state comes from calls', () => {
    const full = outcome.reports.filter((report) => report.tier === 'full');
    expect(full.length).toBeGreaterThan(0);
    for (const report of full) {
      const task = pack.task(report.task)!;
      expect(taskTier(task), report.task).toEqual({ tier: 'full', missing: [] });
      for (const condition of ['source', 'background', 'related'] as const)
        for (const outcomeOfPanel of task.outcomes[condition] ?? [])
          if (outcomeOfPanel.role === 'complete' || outcomeOfPanel.role === 'fault')
            expect(outcomeOfPanel.calls?.length, `${report.task}/${condition}`).toBeGreaterThan(0);
      // Each item names the recipe and the assertion or lint finding it came from.
      for (const id of ['complete', 'related', 'background', 'witness'])
        expect(report.items.find((item) => item.id === id)?.source, `${report.task} ${id}`).toMatch(
          /\S/,
        );
    }
  });

  it('makes each fault fail a check of its own category, under every condition', () => {
    for (const report of outcome.reports.filter((r) => r.tier === 'full')) {
      const task = pack.task(report.task)!;
      for (const condition of ['source', 'background', 'related'] as const)
        for (const fault of (task.outcomes[condition] ?? []).filter((o) => o.role === 'fault')) {
          const { before, after } = pack.states(task, condition, fault.id);
          const result = evaluateReference(task.reference, before, after);
          const own = result.checks.filter((check) => !check.ok && check.category === fault.fault);
          expect(own.length, `${task.id}/${condition}/${fault.id}`).toBeGreaterThan(0);
        }
    }
  });

  it('moves the requirement: the related replay is rejected, and on the binding route the literal assertions accept it', () => {
    for (const report of outcome.reports.filter((r) => r.tier === 'full')) {
      const task = pack.task(report.task)!;
      const witness = pack.witness(task)!;
      const bound = evaluateReference(task.reference, witness.replay.before, witness.replay.after);
      expect(bound.label, task.id).toBe('invalid');
      if (task.conditions.related?.change !== 'binding') continue;
      const { bindings: _bindings, ...literal } = (
        task.reference as { spec: { bindings: unknown } }
      ).spec;
      const literalReference = { kind: 'legacy-diff', version: 1, spec: literal } as Reference;
      const stale = evaluateReference(
        literalReference,
        witness.replay.before,
        witness.replay.after,
      );
      expect(stale.label, task.id).toBe('valid');
    }
  });
  it("creates box_160's folders where the instruction asks: Archive_Cleanup_2026 in history, Duplicates_Review inside it", () => {
    const report = outcome.reports.find((r) => r.task === 'box_160')!;
    // It qualifies today: a refusal would be a regression of the folder-parent recipe.
    expect(report.qualified, report.reason).toBe(true);
    const task = pack.task('box_160')!;
    const complete = task.outcomes.source!.find((o) => o.role === 'complete' && o.calls)!;
    const { before, after } = pack.states(task, 'source', complete.id);
    const named = (state: typeof after, name: string) =>
      state.rows('box_folders').filter((row) => row.name === name);
    const history = named(before, 'history');
    expect(history).toHaveLength(1);
    const archive = named(after, 'Archive_Cleanup_2026');
    const review = named(after, 'Duplicates_Review');
    expect(archive.map((row) => row.parent_id)).toEqual([history[0]!.id]);
    expect(review.map((row) => row.parent_id)).toEqual([archive[0]!.id]);
  });
  /** The bodies the complete outcome of `taskId` writes; each of these tasks qualifies today. */
  function completeBodies(taskId: string): Array<Record<string, unknown>> {
    const report = outcome.reports.find((r) => r.task === taskId)!;
    expect(report.qualified, `${taskId}: ${report.reason}`).toBe(true);
    const complete = pack.task(taskId)!.outcomes.source!.find((o) => o.role === 'complete')!;
    return (complete.calls ?? []).map((call) => (call.body ?? {}) as Record<string, unknown>);
  }
  it("gives calendar_176's Lantern Patrol six Tuesdays, as the instruction asks", () => {
    const bodies = completeBodies('calendar_176');
    const patrol = bodies.find((body) => body.summary === 'Lantern Patrol')!;
    expect(patrol.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=TU']);
  });
  it('combines the original messages for Hubert (slack_76) and says what failed (slack-bench test_32)', () => {
    const combined = completeBodies('slack_76').find((body) => typeof body.text === 'string')!;
    const lines = (combined.text as string).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines.every((line) => line.split(' ').length > 5)).toBe(true);
    const failed = completeBodies('slack-bench_test_32').find(
      (body) => typeof body.text === 'string',
    )!;
    expect(failed.text).toMatch(/ElonMusk.*find/);
  });
});
