import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type ConstructionOutcome,
  constructPack,
  writeQualifiedConstruction,
} from '../../../../src/import/agent-diff/construct/construct-pack.js';
import { quotedPhrases } from '../../../../src/import/agent-diff/construct/values.js';
import { importAgentDiff } from '../../../../src/import/agent-diff/import-pack.js';
import { loadPackOrThrow } from '../../../../src/pack/load.js';
import type { Pack } from '../../../../src/pack/pack.js';
import type { Row } from '../../../../src/schema/json.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../../support/shared.js';

/** Whether a task's Agent-Diff assertions read a message's Block Kit `blocks` in a where-clause. */
const readsBlocks = (spec: unknown) =>
  ((spec as { assertions?: Array<{ where?: object }> }).assertions ?? []).some(
    (assertion) => assertion.where !== undefined && 'blocks' in assertion.where,
  );

describeWithAgentDiff('--construct on the Slack suites: Block Kit messages', () => {
  let dir: string;
  let outcome: ConstructionOutcome;
  let pack: Pack;
  let blockTasks: string[];
  beforeAll(async () => {
    const suites = ['slack_bench.json', 'slack_bench_v2.json'].map((file) =>
      path.join(AGENT_DIFF_DIR, 'testsuites', file),
    );
    const imported = await importAgentDiff({ dataDir: AGENT_DIFF_DIR, suites });
    blockTasks = imported.tasks
      .filter((task) => readsBlocks((task.reference as { spec: unknown }).spec))
      .map((task) => task.id);
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'apb-blocks-')), 'pack');
    outcome = await writeQualifiedConstruction(dir, imported, constructPack(imported));
    pack = await loadPackOrThrow(dir);
  }, 240_000);
  afterAll(async () => {
    if (dir) await rm(path.dirname(dir), { recursive: true, force: true });
  });

  it('constructs a Block Kit task as a qualified full task, or refuses it with a blocks reason', () => {
    expect(blockTasks.length).toBeGreaterThan(0);
    const reports = outcome.reports.filter((report) => blockTasks.includes(report.task));
    expect(reports.some((report) => report.qualified)).toBe(true);
    for (const report of reports) {
      expect(report.replicaGaps, report.task).toEqual([]);
      if (!report.qualified) expect(report.reason, report.task).toMatch(/blocks: /);
    }
  });

  it("writes every message of the complete outcome with blocks holding each of the instruction's quoted phrases", () => {
    for (const report of outcome.reports.filter(
      (r) => r.qualified && blockTasks.includes(r.task),
    )) {
      const task = pack.task(report.task)!;
      const complete = task.outcomes.source!.find((o) => o.role === 'complete')!;
      const { before, after } = pack.states(task, 'source', complete.id);
      const known = new Set(before.rows('messages').map((row) => row.message_id));
      const posted: Row[] = after.rows('messages').filter((row) => !known.has(row.message_id));
      expect(posted.length, task.id).toBeGreaterThan(0);
      for (const row of posted) expect(Array.isArray(row.blocks), task.id).toBe(true);
      const written = JSON.stringify(posted.map((row) => row.blocks));
      const phrases = [
        ...quotedPhrases(task.instruction),
        ...[...task.instruction.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
      ];
      for (const phrase of phrases)
        expect(written, `${task.id}: '${phrase}'`).toContain(JSON.stringify(phrase).slice(1, -1));
      // Its value fault posts the same content without blocks.
      const plain = task.outcomes.source!.find(
        (o) => o.id.startsWith('fault-value-') && o.id.endsWith('-blocks'),
      );
      if (!plain) continue;
      const faulted = pack.states(task, 'source', plain.id).after;
      const rows = faulted.rows('messages').filter((row) => !known.has(row.message_id));
      expect(
        rows.some((row) => row.blocks === undefined),
        task.id,
      ).toBe(true);
    }
  });
});
