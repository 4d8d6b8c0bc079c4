import { describe, expect, it } from 'vitest';
import {
  callsForPatch,
  editMessage,
  invite,
  kick,
  postMessage,
  react,
  setTopic,
  unreact,
} from '../../src/authoring/slack.js';
import { runCalls } from '../../src/pack/run-calls.js';
import { slackWriteModel } from '../../src/services/slack/write/index.js';
import { ADA, before, CLOCK, NOW_TS, TS } from '../services/slack/write/mini-workspace.js';

const post = (ts: string, channel: string, text: string, parent?: string) =>
  postMessage({ channel, user: 'U_ADA', text, ts, parent });

describe('callsForPatch', () => {
  it('reads each row change as the Web API call that makes it', () => {
    expect(
      callsForPatch(before, 'U_ADA', [
        invite('C_OPS', 'U_CAL'),
        invite('C_OUT', 'U_ADA'),
        kick('C_TEAM', 'U_BEN'),
        kick('C_OPS', 'U_ADA'),
        editMessage(TS.adaNote, 'Inspection at 11.', 'U_ADA', '1799999999.000000'),
        unreact(TS.benQuestion, 'U_ADA', 'eyes'),
        setTopic('C_TEAM', 'Swaps', 'U_ADA', 0),
      ]),
    ).toEqual([
      { method: 'POST', path: '/conversations.invite', body: { channel: 'C_OPS', users: 'U_CAL' } },
      { method: 'POST', path: '/conversations.join', body: { channel: 'C_OUT' } },
      { method: 'POST', path: '/conversations.kick', body: { channel: 'C_TEAM', user: 'U_BEN' } },
      { method: 'POST', path: '/conversations.leave', body: { channel: 'C_OPS' } },
      {
        method: 'POST',
        path: '/chat.update',
        body: { channel: 'C_OPS', ts: TS.adaNote, text: 'Inspection at 11.' },
      },
      {
        method: 'POST',
        path: '/reactions.remove',
        body: { channel: 'C_OPS', timestamp: TS.benQuestion, name: 'eyes' },
      },
      {
        method: 'POST',
        path: '/conversations.setTopic',
        body: { channel: 'C_TEAM', topic: 'Swaps' },
      },
    ]);
  });

  it("names a message the calls post themselves by a reference to the server's ts", () => {
    const calls = callsForPatch(before, 'U_ADA', [
      post('1799999999.000100', 'C_OPS', 'Crane 2 is back.'),
      post('1799999999.000200', 'C_OPS', 'Details in the thread.', '1799999999.000100'),
    ]);
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/chat.postMessage',
      body: { channel: 'C_OPS', text: 'Details in the thread.', thread_ts: '{{0.ts}}' },
    });
    const run = runCalls(slackWriteModel, before, ADA, calls, CLOCK, 'authoring/thread');
    expect(run.ok && run.patch[1]).toMatchObject({
      row: { parent_id: NOW_TS, ts: '1793696401.000000' },
    });
  });

  it("throws for a change no user token makes: another user's reaction or message", () => {
    expect(() =>
      callsForPatch(before, 'U_ADA', [unreact(TS.benQuestion, 'U_BEN', 'thumbsup')]),
    ).toThrow("only a reaction's author adds or removes it");
    expect(() => callsForPatch(before, 'U_ADA', [react(TS.adaNote, 'U_BEN', 'eyes')])).toThrow(
      "only a reaction's author",
    );
    expect(() =>
      callsForPatch(before, 'U_ADA', [
        postMessage({ channel: 'C_OPS', user: 'U_BEN', text: 'x', ts: '1.0' }),
      ]),
    ).toThrow('only the actor posts as the actor');
  });
});
