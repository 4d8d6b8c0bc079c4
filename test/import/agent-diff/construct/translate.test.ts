import { describe, expect, it } from 'vitest';
import { translateAssertion } from '../../../../src/import/agent-diff/construct/translate.js';
import {
  quotedPhrases,
  valueSatisfying,
  valuesRefused,
} from '../../../../src/import/agent-diff/construct/values.js';
import type { LegacyAssertion } from '../../../../src/reference/legacy-diff/spec.js';
import { stateOf } from '../support/mini.js';

const assertion = (over: Partial<LegacyAssertion>): LegacyAssertion => ({
  diff_type: 'added',
  entity: 'messages',
  where: {},
  expected_changes: {},
  ignore: [],
  ...over,
});
const actor = { id: 'U1', name: 'Agent' };

describe('values read off Agent-Diff predicates', () => {
  it("prefers the instruction's quoted phrase that satisfies the predicate, then the operand", () => {
    const instruction = "Reply 'Next monday.' to the thread";
    expect(quotedPhrases(instruction)).toEqual(['Next monday.']);
    expect(valueSatisfying({ contains: 'Next monday' }, instruction)).toBe('Next monday.');
    expect(valueSatisfying({ contains: 'hello' }, instruction)).toBe('hello');
    expect(valueSatisfying({ eq: 3 }, instruction)).toBe(3);
    // Nothing to read off a negative predicate: the field is refused, never guessed.
    expect(valueSatisfying({ ne: null }, instruction)).toBeUndefined();
  });

  it('gives refused variants that the predicate rejects', () => {
    const variants = valuesRefused({ contains: 'hello' }, 'hello there', '');
    expect(variants.length).toBeGreaterThan(0);
    for (const value of variants) expect(String(value)).not.toContain('hello');
    expect(valuesRefused({ eq: 2 }, 2, '')).not.toContain(2);
  });
});

describe('translateAssertion', () => {
  const before = stateOf(
    {
      channels: [{ channel_id: 'C1', channel_name: 'general' }],
      messages: [{ message_id: '1.1', channel_id: 'C1', user_id: 'U2', message_text: 'hi' }],
    },
    { channels: ['channel_id'], messages: ['message_id'] },
  );
  const ctx = { before, instruction: "Post 'Status: green' and react", actor };

  it("writes a message as chat.postMessage in the assertion's channel, threaded when asked", () => {
    const translated = translateAssertion(
      'slack',
      assertion({
        where: {
          channel_id: { eq: 'C1' },
          parent_id: { eq: '1.1' },
          message_text: { contains: 'Status' },
        },
      }),
      ctx,
    );
    expect(translated).toEqual({
      ok: true,
      calls: [
        {
          method: 'POST',
          path: '/chat.postMessage',
          body: { channel: 'C1', text: 'Status: green', thread_ts: '1.1' },
        },
      ],
    });
  });

  it('points at a channel an earlier assertion creates by a {{N.path}} reference', () => {
    const translated = translateAssertion(
      'slack',
      assertion({ entity: 'channel_members', where: { user_id: { eq: 'U2' } } }),
      { ...ctx, created: new Map([['channels', '{{0.channel.id}}']]) },
    );
    expect(translated).toEqual({
      ok: true,
      calls: [
        {
          method: 'POST',
          path: '/conversations.invite',
          body: { channel: '{{0.channel.id}}', users: 'U2' },
        },
      ],
    });
  });

  it('refuses, with the reason, what no recipe covers or what matches several rows', () => {
    expect(translateAssertion('slack', assertion({ entity: 'files' }), ctx)).toEqual({
      ok: false,
      reason: 'no recipe for added files',
    });
    const twice = stateOf(
      {
        messages: [
          { message_id: 'a', channel_id: 'C1' },
          { message_id: 'b', channel_id: 'C1' },
        ],
      },
      { messages: ['message_id'] },
    );
    const changed = translateAssertion(
      'slack',
      assertion({
        diff_type: 'changed',
        where: { channel_id: { eq: 'C1' } },
        expected_changes: { message_text: { to: { eq: 'x' } } },
      }),
      { ...ctx, before: twice },
    );
    expect(changed).toEqual({
      ok: false,
      reason:
        'its where-clause matches 2 messages rows of the before-state (a recipe needs exactly one)',
    });
  });
});
