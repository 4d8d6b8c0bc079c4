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

  it('reads no phrase between apostrophes of words, and keeps an apostrophe inside a quoted phrase', () => {
    const instruction =
      "It's spring and she's starting: create 'Spring 2025 Tracker' and 'Amara's One-Shot'.";
    expect(quotedPhrases(instruction)).toEqual(['Spring 2025 Tracker', "Amara's One-Shot"]);
    // The wanted title is the quoted one, not a span cut between two apostrophes.
    expect(valueSatisfying({ contains: 'Tracker' }, instruction)).toBe('Spring 2025 Tracker');
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

  it('writes the text the instruction quotes beside a mention the assertion asks for', () => {
    const mention = assertion({
      where: { channel_id: { eq: 'C1' }, message_text: { contains: '<@U7>' } },
    });
    const asked = "Post to #general mentioning Artem with text 'Please review the pull request'";
    expect(translateAssertion('slack', mention, { before, instruction: asked, actor })).toEqual({
      ok: true,
      calls: [
        {
          method: 'POST',
          path: '/chat.postMessage',
          body: { channel: 'C1', text: '<@U7> Please review the pull request' },
        },
      ],
    });
    // No quoted text for the message: the operand alone.
    const bare = translateAssertion('slack', mention, { before, instruction: 'Ping Artem', actor });
    expect(bare.ok && bare.calls[0]?.body).toEqual({ channel: 'C1', text: '<@U7>' });
  });

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

describe('translateAssertion: direct messages, labels and calendar changes', () => {
  it('opens a DM with the member the assertions name; that member needs no call of its own', () => {
    const before = stateOf(
      { channels: [{ channel_id: 'C1', channel_name: 'general' }], messages: [] },
      { channels: ['channel_id'], messages: ['message_id'] },
    );
    const dm = assertion({ entity: 'channels', where: { is_dm: { eq: true } } });
    const member = assertion({ entity: 'channel_members', where: { user_id: { eq: 'U7' } } });
    const assertions = [dm, member];
    const open = translateAssertion('slack', dm, { before, instruction: '', actor, assertions });
    expect(open).toEqual({
      ok: true,
      calls: [{ method: 'POST', path: '/conversations.open', body: { users: 'U7' } }],
    });
    const created = new Map([
      ['channels', '{{0.channel.id}}'],
      ['channels:direct', '{{0.channel.id}}'],
    ]);
    const ctx = { before, instruction: '', actor, assertions, created };
    expect(translateAssertion('slack', member, ctx)).toEqual({ ok: true, calls: [] });
    // A member who is not a participant joins the channel by a call of its own.
    const other = assertion({ entity: 'channel_members', where: { user_id: { in: ['U8'] } } });
    expect(translateAssertion('slack', other, ctx)).toMatchObject({
      ok: true,
      calls: [
        { path: '/conversations.invite', body: { channel: '{{0.channel.id}}', users: 'U8' } },
      ],
    });
    // Without a named recipient the DM is refused, never sent to a guessed user.
    const alone = translateAssertion('slack', dm, {
      before,
      instruction: 'Send a DM to John',
      actor,
      assertions: [dm],
    });
    expect(alone.ok).toBe(false);
    expect(alone.ok === false && alone.reason).toContain('values.users');
  });

  it('creates a Linear label and adds the new label to the named issue by its response id', () => {
    const before = stateOf({ issues: [{ id: 'I1', title: 'Login' }], issue_labels: [] });
    const label = assertion({ entity: 'issue_labels', where: { name: { eq: 'Backend' } } });
    const made = translateAssertion('linear', label, { before, instruction: '', actor });
    expect(made.ok && made.calls[0]!.body).toMatchObject({
      variables: { input: { name: 'Backend' } },
    });
    const link = assertion({
      entity: 'issue_label_issue_association',
      where: { issue_id: { eq: 'I1' } },
    });
    const created = new Map([['issue_labels', '{{0.data.issueLabelCreate.issueLabel.id}}']]);
    const linked = translateAssertion('linear', link, { before, instruction: '', actor, created });
    expect(linked.ok && linked.calls[0]!.body).toMatchObject({
      variables: { id: 'I1', labelId: '{{0.data.issueLabelCreate.issueLabel.id}}' },
    });
  });

  it("moves an event with events.move and patches a new start in the event's own zone", () => {
    const before = stateOf({
      calendar_events: [
        {
          id: 'e1',
          calendar_id: 'cal_a',
          start: { dateTime: '2018-06-20T10:00:00-07:00', timeZone: 'America/Los_Angeles' },
          end: { dateTime: '2018-06-20T11:00:00-07:00', timeZone: 'America/Los_Angeles' },
        },
      ],
    });
    const ctx = { before, instruction: '', actor };
    const move = assertion({
      diff_type: 'changed',
      entity: 'calendar_events',
      where: { id: { eq: 'e1' } },
      expected_changes: { calendar_id: { to: { eq: 'cal_b' } } },
    });
    expect(translateAssertion('calendar', move, ctx)).toEqual({
      ok: true,
      calls: [
        {
          method: 'POST',
          path: '/calendars/cal_a/events/e1/move',
          query: { destination: 'cal_b' },
        },
      ],
    });
    const start = assertion({
      diff_type: 'changed',
      entity: 'calendar_events',
      where: { id: { eq: 'e1' } },
      expected_changes: {
        start: { to: { contains: '2018-06-24T14:00' } },
        recurrence: { to: { contains: 'FREQ=WEEKLY' } },
      },
    });
    expect(translateAssertion('calendar', start, ctx)).toEqual({
      ok: true,
      calls: [
        {
          method: 'PATCH',
          path: '/calendars/cal_a/events/e1',
          body: {
            start: { dateTime: '2018-06-24T14:00:00', timeZone: 'America/Los_Angeles' },
            recurrence: ['RRULE:FREQ=WEEKLY'],
          },
        },
      ],
    });
  });
});
