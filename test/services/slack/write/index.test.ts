import { describe, expect, it } from 'vitest';
import { SeedSchema } from '../../../../src/schema/seed.js';
import { serviceWriteModel } from '../../../../src/services/registry.js';
import { slackWriteModel } from '../../../../src/services/slack/write/index.js';
import { createWriteEnvironment } from '../../../../src/services/write-model.js';
import { State } from '../../../../src/state/state.js';
import { ADA, CLOCK, call, expectRefusal, seed } from './mini-workspace.js';

describe('slackWriteModel', () => {
  it('is the registered write model of slack and lists each operation once', () => {
    expect(serviceWriteModel('slack')).toBe(slackWriteModel);
    const names = slackWriteModel.operations.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of [
      'chat.postMessage',
      'chat.update',
      'chat.delete',
      'reactions.add',
      'reactions.remove',
      'conversations.setTopic',
      'conversations.setPurpose',
      'conversations.invite',
      'conversations.kick',
      'conversations.join',
      'conversations.leave',
      'conversations.archive',
      'conversations.unarchive',
      'conversations.create',
      'conversations.rename',
    ])
      expect(names).toContain(name);
  });

  it('answers unknown and read methods with unknown_method, never an exception', () => {
    expectRefusal(call('chat.nothing', {}), 'unknown_method', { req_method: 'chat.nothing' });
    expectRefusal(call('conversations.history', { channel: 'C_OPS' }), 'unknown_method', {
      req_method: 'conversations.history',
    });
  });

  it('refuses a caller outside the workspace and a deactivated one', () => {
    expectRefusal(
      call('chat.postMessage', { channel: 'C_OPS', text: 'x' }, { id: 'U_ZZZ', name: 'Z' }),
      'invalid_auth',
    );
    expectRefusal(
      call('chat.postMessage', { channel: 'C_OPS', text: 'x' }, { id: 'U_DEE', name: 'Dee' }),
      'account_inactive',
    );
  });

  it('reads form bodies and the /api/ prefix like the read replica', () => {
    const env = createWriteEnvironment(CLOCK, 'form');
    const state = State.fromSeed(seed);
    const form = slackWriteModel.apply(
      state,
      ADA,
      {
        method: 'POST',
        path: 'api/conversations.setTopic',
        body: 'channel=C_OPS&topic=Dock%20rota',
      },
      env,
    );
    expect(form.ok && form.patch[0]).toMatchObject({ set: { topic_text: 'Dock rota' } });
  });

  it('never throws on malformed requests', () => {
    for (const body of [undefined, null, 42, 'garbage', [1, 2], { channel: { nested: true } }])
      for (const operation of slackWriteModel.operations) {
        const result = call(operation.name, body as Record<string, unknown>);
        expect(typeof result.ok).toBe('boolean');
      }
  });

  it('is deterministic: the same call on the same stream gives the same answer', () => {
    expect(call('conversations.create', { name: 'dock-9' })).toEqual(
      call('conversations.create', { name: 'dock-9' }),
    );
  });

  it('refuses, naming the cause, a write onto a table the seed lacks', () => {
    const { message_reactions: _dropped, ...tables } = seed.tables;
    const bare = State.fromSeed(SeedSchema.parse({ ...seed, tables }));
    const result = call(
      'reactions.add',
      { channel: 'C_OPS', timestamp: '1790000000.000100', name: 'tada' },
      ADA,
      bare,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.refusal.body).toEqual({ ok: false, error: 'internal_error' });
      expect(result.refusal.summary).toContain('message_reactions');
    }
  });
});
