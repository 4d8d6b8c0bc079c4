import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { qualifyPack } from '../../src/pack/qualify.js';
import { unreadableEvidence } from '../../src/pack/unreadable-evidence.js';
import { openPack } from '../../src/run/open-pack.js';
import type { DeclarativeReference } from '../../src/schema/reference.js';

const packs = path.resolve(import.meta.dirname, '../../fixtures/packs');

describe('qualification: evidence is public', () => {
  it('refuses the broken-pack task whose selector reads users.organizationId, naming file, JSON path and column', async () => {
    const [first, second] = qualifyPack(
      await loadPackOrThrow(path.join(packs, 'broken/unreadable-evidence')),
    );
    expect(second!.qualified).toBe(true);
    expect(first!.qualified).toBe(false);
    expect(first!.problems).toEqual([
      {
        code: 'unreadable_evidence',
        file: 'tasks/starter_1.json',
        path: ['reference', 'selectors', 'mateo', 'where', 'organizationId'],
        message: expect.stringContaining(
          'reads users.organizationId, which no linear read operation serves',
        ),
        fix: expect.stringContaining('docs/replicas.md'),
      },
    ]);
  });

  it('refuses a fault the reference rejects only through a change to a column no query serves', async () => {
    const [first] = qualifyPack(await loadPackOrThrow(path.join(packs, 'broken/invisible-change')));
    expect(first!.problems).toEqual([
      {
        code: 'unreadable_evidence',
        condition: 'source',
        outcome: 'parts-order-too',
        file: 'tasks/starter_1.json',
        path: ['outcomes', 'source', 4],
        message: expect.stringContaining(
          'is rejected only by "no other issue touched", and the only changes it sees are to issues.cycleId',
        ),
        fix: expect.stringContaining('ignoreFields'),
      },
    ]);
    // The label itself does not move: the reference still rejects the outcome.
    expect(
      first!.labels.find(
        (label) => label.outcome === 'parts-order-too' && label.condition === 'source',
      ),
    ).toMatchObject({ declared: 'invalid', actual: 'invalid' });
  });

  it('passes every starter task: each column its reference reads is served', async () => {
    const pack = await loadPackOrThrow(path.join(packs, 'starter'));
    expect(pack.tasks.flatMap((task) => unreadableEvidence(task))).toEqual([]);
  });

  it('refuses a calendar reference that binds a person by calendar_users.display_name', async () => {
    // Through the plan cache: only the shipped task is read (test/run/open-pack.test.ts).
    const pack = (await openPack(path.join(packs, 'builtin'))).pack;
    const shipped = pack.task('calendar_1');
    // The shipped task binds Priya Raman through the prep's guest row, which events serve.
    expect(unreadableEvidence(shipped)).toEqual([]);
    const reference = shipped.reference as DeclarativeReference;
    const byUserName = {
      ...shipped,
      reference: {
        ...reference,
        selectors: {
          ...reference.selectors,
          priya: {
            table: 'calendar_users',
            where: { display_name: 'Priya Raman' },
            cardinality: 'one' as const,
          },
        },
      },
    };
    expect(
      unreadableEvidence(byUserName).map((problem) => [
        problem.path.join('.'),
        problem.table,
        problem.column,
      ]),
    ).toContainEqual([
      'reference.selectors.priya.where.display_name',
      'calendar_users',
      'display_name',
    ]);
  });

  it("checks only declarative references: an imported (legacy-diff) reference is the source benchmark's own", async () => {
    const starter = await loadPackOrThrow(path.join(packs, 'starter'));
    const task = {
      ...starter.task('starter_2'),
      reference: { kind: 'legacy-diff', version: 1, spec: {} },
    };
    expect(unreadableEvidence(task as never)).toEqual([]);
  });
});
