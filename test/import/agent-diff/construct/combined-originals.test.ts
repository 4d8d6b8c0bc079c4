import { describe, expect, it } from 'vitest';
import {
  asksToCombineOriginals,
  combinedFromOriginals,
} from '../../../../src/import/agent-diff/construct/combined-originals.js';
import { oneMessagePlan } from '../../../../src/import/agent-diff/construct/one-message.js';
import type { LegacyAssertion } from '../../../../src/reference/legacy-diff/spec.js';
import { stateOf } from '../support/mini.js';

const KEYS = { messages: ['message_id'] };
const original = (id: string, text: string) => ({
  message_id: id,
  ts: id,
  channel_id: 'C9',
  user_id: 'U7',
  message_text: text,
});
const before = stateOf(
  {
    messages: [
      original('200.1', 'Login endpoint slows to 12s around 19:00'),
      original('100.1', "Login service returning '500 errors' since 08:00"),
      original('300.1', 'Lunch is at noon'),
      original('400.1', 'Lunch moved to 1pm'),
    ],
  },
  KEYS,
);
const part = (text: string): LegacyAssertion => ({
  diff_type: 'added',
  entity: 'messages',
  where: { user_id: { eq: 'U1' }, message_text: { contains: text } },
  expected_count: 1,
  expected_changes: {},
  ignore: [],
});
const COMBINE =
  'Search for the login messages. Combine them into a single new message as DM to Hubert.';

describe('a message that combines original messages', () => {
  it('recognises instructions that combine messages, not ones that only post', () => {
    expect(asksToCombineOriginals(COMBINE)).toBe(true);
    expect(asksToCombineOriginals('Post a message saying the login is fixed.')).toBe(false);
  });

  it('carries the whole originals holding the asserted parts, in posting order', () => {
    expect(combinedFromOriginals(['login endpoint', '500 errors'], before)).toEqual({
      ok: true,
      text: "Login service returning '500 errors' since 08:00\nLogin endpoint slows to 12s around 19:00",
    });
  });

  it('refuses a part in no original or in several', () => {
    expect(combinedFromOriginals(['lunch'], before)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("2 messages of the before-state hold 'lunch'"),
    });
    expect(combinedFromOriginals(['captcha'], before)).toMatchObject({ ok: false });
  });

  it('of several messages holding a part, takes the one question when questions are asked for', () => {
    const asked = stateOf(
      {
        messages: [
          original('1.1', 'Is it out in preview?'),
          original('2.1', 'Yes, in developer preview.'),
        ],
      },
      KEYS,
    );
    expect(combinedFromOriginals(['preview'], asked)).toMatchObject({ ok: false });
    expect(combinedFromOriginals(['preview'], asked, true)).toEqual({
      ok: true,
      text: 'Is it out in preview?',
    });
  });

  it('the one-message plan writes the originals, or refuses the group', () => {
    const ctx = { before, instruction: COMBINE, actor: { id: 'U1', name: 'Agent' } };
    const plan = oneMessagePlan('slack', [part('500 errors'), part('login endpoint')], ctx);
    expect(plan.get(0)).toMatchObject({
      where: { message_text: { eq: expect.stringContaining('since 08:00\nLogin endpoint slows') } },
    });
    expect(plan.get(1)).toBeNull();
    const refused = oneMessagePlan('slack', [part('500 errors'), part('lunch')], ctx);
    expect(refused.get(0)).toMatchObject({ refused: expect.stringContaining('lunch') });
  });
});
