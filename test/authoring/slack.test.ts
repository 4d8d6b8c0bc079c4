import { describe, expect, it } from 'vitest';
import { applyPatch } from '../../src/authoring/seed-state.js';
import {
  archive,
  createChannel,
  deactivateUser,
  deleteMessage,
  editMessage,
  invite,
  kick,
  postMessage,
  react,
  renameChannel,
  setPurpose,
  setTopic,
  slackTs,
  unreact,
} from '../../src/authoring/slack.js';
import { isAgentProofBenchError } from '../../src/contract/error.js';
import {
  baseState,
  call,
  channelByName,
  membersOf,
  rowsOf,
  userByName,
} from '../services/slack/builtin-seed.js';

// Each builder writes the rows one Slack call writes: applied to the built-in seed, the replica
// answers the read methods the way Slack would after that call.
const maren = String(userByName('Maren Holt').user_id);
const omar = String(userByName('Omar Haddad').user_id);
const siteOps = String(channelByName('site-ops').channel_id);
const nightAudit = String(channelByName('night-audit').channel_id);
const TEAM = String(rowsOf('teams')[0]?.team_id);

describe('Slack row builders', () => {
  it('slackTs pads the microseconds to six digits', () => {
    expect(slackTs(1793700000, 42)).toBe('1793700000.000042');
    expect(slackTs(1793700000)).toBe('1793700000.000000');
  });

  it('postMessage adds a top-level message to history and a reply only to its thread', () => {
    const parent = slackTs(1793700000, 100);
    const reply = slackTs(1793700060, 100);
    const state = applyPatch(baseState, [
      postMessage({ channel: siteOps, user: maren, text: 'Dock 7 is closed.', ts: parent }),
      postMessage({ channel: siteOps, user: omar, text: 'Noted.', ts: reply, parent }),
    ]);
    const history = call('conversations.history', { channel: siteOps, limit: 1 }, state);
    expect(history.messages[0]).toMatchObject({
      ts: parent,
      text: 'Dock 7 is closed.',
      reply_count: 1,
    });
    const thread = call('conversations.replies', { channel: siteOps, ts: parent }, state);
    expect(thread.messages.map((message: { ts: string }) => message.ts)).toEqual([parent, reply]);
  });

  it('editMessage rewrites the text and stamps the edit; deleteMessage removes it', () => {
    const ts = slackTs(1793700000, 200);
    const posted = applyPatch(baseState, [
      postMessage({ channel: siteOps, user: maren, text: 'first', ts }),
    ]);
    const edited = applyPatch(posted, [editMessage(ts, 'second', maren, slackTs(1793700100))]);
    expect(
      call('conversations.history', { channel: siteOps, limit: 1 }, edited).messages[0],
    ).toMatchObject({
      text: 'second',
      edited: { user: maren, ts: '1793700100.000000' },
    });
    const deleted = applyPatch(edited, [deleteMessage(ts)]);
    expect(
      call('conversations.history', { channel: siteOps, limit: 1 }, deleted).messages[0].ts,
    ).not.toBe(ts);
  });

  it('react and unreact add and remove one user under one emoji', () => {
    const ts = slackTs(1793700000, 300);
    const state = applyPatch(baseState, [
      postMessage({ channel: siteOps, user: omar, text: 'Seal replaced.', ts }),
      react(ts, maren, 'tada'),
      react(ts, omar, 'tada'),
      unreact(ts, omar, 'tada'),
    ]);
    expect(
      call('reactions.get', { channel: siteOps, timestamp: ts }, state).message.reactions,
    ).toEqual([{ name: 'tada', users: [maren], count: 1 }]);
  });

  it('invite and kick change conversations.members', () => {
    const state = applyPatch(baseState, [invite(nightAudit, omar), kick(nightAudit, maren)]);
    const members = call('conversations.members', { channel: nightAudit }, state).members;
    expect(members).toContain(omar);
    expect(members).not.toContain(maren);
    expect(members).toHaveLength(membersOf(nightAudit).length);
  });

  it('setTopic, setPurpose, renameChannel and archive show in conversations.info', () => {
    const state = applyPatch(baseState, [
      setTopic(nightAudit, 'Week 47', maren, 1793700000),
      setPurpose(nightAudit, 'Audit volunteers', omar, 1793700100),
      renameChannel(nightAudit, 'night-audit-w47'),
      archive(nightAudit),
    ]);
    expect(call('conversations.info', { channel: nightAudit }, state).channel).toMatchObject({
      name: 'night-audit-w47',
      is_archived: true,
      topic: { value: 'Week 47', creator: maren, last_set: 1793700000 },
      purpose: { value: 'Audit volunteers', creator: omar, last_set: 1793700100 },
    });
    const reopened = applyPatch(state, [archive(nightAudit, false)]);
    expect(call('conversations.info', { channel: nightAudit }, reopened).channel.is_archived).toBe(
      false,
    );
  });

  it('createChannel makes a channel its creator is in, with every column the seed rows have', () => {
    const patch = createChannel({
      id: 'C0NEWCHANNEL',
      name: 'label-printers',
      team: TEAM,
      creator: maren,
      created: 1793700000,
      topic: 'Printer swap',
    });
    const row = patch[0]?.op === 'insert' ? patch[0].row : {};
    expect(Object.keys(row).sort()).toEqual(Object.keys(rowsOf('channels')[0] ?? {}).sort());
    const state = applyPatch(baseState, patch);
    expect(call('conversations.info', { channel: 'C0NEWCHANNEL' }, state).channel).toMatchObject({
      name: 'label-printers',
      creator: maren,
      is_member: true,
      topic: { value: 'Printer swap', creator: maren },
      purpose: { value: '', creator: '' },
    });
  });

  it('deactivateUser flips `deleted` both ways', () => {
    const off = applyPatch(baseState, [deactivateUser(omar)]);
    expect(call('users.info', { user: omar }, off).user.deleted).toBe(true);
    const on = applyPatch(off, [deactivateUser(omar, false)]);
    expect(call('users.info', { user: omar }, on).user.deleted).toBe(false);
  });

  it('a builder row that names a missing key does not apply', () => {
    try {
      applyPatch(baseState, [kick(nightAudit, 'U0NOBODY')]);
      expect.unreachable('the kick of a non-member should not apply');
    } catch (error) {
      expect(isAgentProofBenchError(error) && error.code).toBe('APB_AUTHORING');
    }
  });
});
