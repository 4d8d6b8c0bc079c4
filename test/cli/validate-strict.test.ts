import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/commands/validate.js';
import { CLOCK, callsPack, type Json, removeAll, withFakeModel } from '../support/calls-pack.js';
import { collectIO } from '../support/cli.js';

const starter = path.resolve(import.meta.dirname, '../../fixtures/packs/starter');
const made: string[] = [];
afterAll(() => removeAll(made));

async function validate(dir: string, ...flags: Array<'json' | 'strict' | 'registered'>) {
  const { io, out, error } = collectIO();
  const code = await validateCommand(
    { pack: dir, json: flags.includes('json'), strict: flags.includes('strict') },
    io,
    // The committed starter pack's calls are Linear GraphQL: the registered write model.
    flags.includes('registered') ? {} : withFakeModel,
  );
  return { code, out: out.join('\n'), err: error.join('\n') };
}

/** What each starter task's witness decision writes again unchanged (its real call's input). */
const resaved: Record<string, Json> = { starter_1: { stateId: 'st-FAC-todo' }, starter_2: {} };

/** The starter pack's outcomes rewritten as calls of the test write model, except `keep`. */
const asCalls = (keep: (task: string, condition: string, outcome: string) => boolean) =>
  callsPack(
    'starter',
    ({ manifest, task }) => {
      manifest.calls = CLOCK;
      for (const id of ['starter_1', 'starter_2']) {
        const written = task(id);
        for (const [condition, outcomes] of Object.entries(
          written.outcomes as Record<string, Json[]>,
        ))
          for (const outcome of outcomes) {
            if (keep(id, condition, outcome.id)) continue;
            outcome.calls = outcome.patch.map((op: Json) => {
              if (op.op === 'insert')
                return {
                  method: 'POST',
                  path: '/test/comment',
                  body: { issue: op.row.issueId, body: op.row.body },
                };
              const { updatedAt: _stamp, ...set } = op.set;
              // starter_1's witness: the source run re-saved the status it saw (Todo). A
              // derived patch leaves an unchanged field out, so the test call writes it again.
              if (written.witness?.decision === outcome.id && condition === 'source')
                Object.assign(set, resaved[id]);
              return { method: 'POST', path: '/test/update', body: { issue: op.key.id, set } };
            });
            delete outcome.patch;
          }
      }
    },
    made,
  );

describe('validate: states derived from calls', () => {
  it('counts states by how they are written, in lines and in --json', async () => {
    // The committed starter pack writes every state, prefixes included, as Linear calls.
    const committed = await validate(starter, 'registered');
    expect(committed.code).toBe(0);
    expect(committed.out).toContain(
      'states: 33 derived from calls, 0 not derived from calls, 0 recorded (natural/prefix), 0 without changes',
    );
    // The same pack with its patches alone but for starter_1's witness decision (whose call
    // re-saves the status the replay moves): the prefix outcomes count as recorded.
    const patchOnly = await asCalls(
      (task, condition, outcome) =>
        !(task === 'starter_1' && condition === 'source' && outcome === 'complete'),
    );
    const lines = await validate(patchOnly);
    expect(lines.code).toBe(0);
    expect(lines.out).toContain(
      'states: 1 derived from calls, 29 not derived from calls, 3 recorded (natural/prefix), 0 without changes',
    );
    const json = JSON.parse((await validate(patchOnly, 'json')).out);
    expect(json.derivation).toEqual({ fromCalls: 1, notDerived: 29, recorded: 3, unchanged: 0 });

    const mixed = await asCalls(
      (task, condition) => task === 'starter_2' && condition !== 'source',
    );
    const counted = JSON.parse((await validate(mixed, 'json')).out);
    expect(counted.ok).toBe(true);
    expect(counted.derivation).toEqual({
      fromCalls: 23,
      notDerived: 10,
      recorded: 0,
      unchanged: 0,
    });
  });

  it('--strict refuses every patch-only state the pack made up, by file and JSON path', async () => {
    const mixed = await asCalls(
      (task, condition, outcome) =>
        (task === 'starter_2' && condition === 'related' && outcome === 'complete') ||
        (task === 'starter_1' && outcome === 'not-yet'),
    );
    expect((await validate(mixed)).code).toBe(0);
    const strict = await validate(mixed, 'strict');
    expect(strict.code).toBe(1);
    // The prefix outcomes (recorded) stay legal; the one made-up patch is refused.
    expect(strict.err.split('\n')).toEqual([
      `${mixed}: --strict: 1 state(s) not derived from calls`,
      "  tasks/starter_2.json $.outcomes.related[0].patch: starter_2 related/complete is written only as a patch: write it as the actor's calls (strict mode accepts patch-only states only for natural and prefix outcomes) (not_derived_from_calls)",
    ]);
    const json = JSON.parse((await validate(mixed, 'strict', 'json')).out);
    expect(json.ok).toBe(false);
    expect(json.errors).toEqual([
      expect.objectContaining({
        file: 'tasks/starter_2.json',
        jsonPath: '$.outcomes.related[0].patch',
        code: 'not_derived_from_calls',
      }),
    ]);
    expect(json.derivation).toEqual({ fromCalls: 29, notDerived: 1, recorded: 3, unchanged: 0 });
  });

  it('--strict passes a pack whose every made-up state is derived from calls', async () => {
    const all = await asCalls(() => false);
    const strict = await validate(all, 'strict');
    expect(strict.err).toBe('');
    expect(strict.code).toBe(0);
    expect(strict.out).toContain('states: 33 derived from calls, 0 not derived from calls');
  });
});
