import { describe, expect, it } from 'vitest';
import { HARNESS_ERROR_HEADER } from '../../../src/services/api.js';
import { OperationBudget } from '../../../src/services/budget.js';
import { BudgetExhaustedError, createApiClient } from '../../../src/services/client.js';
import { serveRequest } from '../../../src/services/gateway.js';
import {
  createSlackReplica,
  SlackDocs,
  SlackTableKeys,
} from '../../../src/services/slack/index.js';
import { diffSize, diffStates } from '../../../src/state/diff.js';
import { State } from '../../../src/state/state.js';
import {
  baseState,
  channelByName,
  marenActor,
  rowsOf,
  type SlackBody,
  seed,
} from './builtin-seed.js';

const replica = () => createSlackReplica(baseState, marenActor);

describe('createSlackReplica: routing', () => {
  it('accepts the method with or without a leading slash, by GET query or POST JSON/form body', () => {
    const channel = String(channelByName('site-ops').channel_id);
    const viaGet = replica().handle({
      method: 'GET',
      path: 'conversations.info',
      query: { channel },
    });
    const viaJson = replica().handle({
      method: 'POST',
      path: '/conversations.info',
      body: { channel },
    });
    const viaForm = replica().handle({
      method: 'POST',
      path: '/conversations.info',
      body: `channel=${channel}`,
    });
    const viaApiPrefix = replica().handle({
      method: 'GET',
      path: '/api/conversations.info',
      query: { channel },
    });
    for (const response of [viaJson, viaForm, viaApiPrefix]) expect(response).toEqual(viaGet);
    expect((viaGet.body as SlackBody).channel.name).toBe('site-ops');
  });

  it('answers unknown methods and GraphQL with unknown_method, never an exception', () => {
    for (const path of ['/nope.nothing', 'graphql', '', '/']) {
      const response = replica().handle({
        method: 'POST',
        path,
        body: { query: '{ viewer { id } }' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ ok: false, error: 'unknown_method' });
    }
  });

  it('survives junk arguments', () => {
    const response = replica().handle({
      method: 'GET',
      path: '/conversations.history',
      query: { channel: ['a', 'b'], limit: 'lots' },
    });
    expect(response.body).toEqual({ ok: false, error: 'channel_not_found' });
    const junkBody = replica().handle({ method: 'POST', path: '/users.list', body: '{not json' });
    expect((junkBody.body as SlackBody).members).toHaveLength(rowsOf('users').length);
  });
});

describe('createSlackReplica: writes are refused', () => {
  const channel = String(channelByName('site-ops').channel_id);
  const writes = [
    { method: 'POST', path: '/chat.postMessage', body: { channel, text: 'hello' } },
    { method: 'POST', path: '/chat.update', body: { channel, ts: '1', text: 'x' } },
    { method: 'POST', path: '/conversations.create', body: { name: 'new-room' } },
    { method: 'POST', path: '/conversations.invite', body: { channel, users: 'U0X' } },
    { method: 'POST', path: '/conversations.setTopic', body: { channel, topic: 'x' } },
    { method: 'POST', path: '/reactions.add', body: { channel, timestamp: '1', name: 'eyes' } },
  ];

  it('with missing_scope naming the needed scope, flagged as writes, state untouched', () => {
    const state = baseState;
    const snapshot = JSON.stringify(state.tableNames().map((table) => state.rows(table)));
    const writable = createSlackReplica(state, marenActor);
    for (const request of writes) {
      expect(writable.isWrite(request)).toBe(true);
      const body = writable.handle(request).body as Record<string, unknown>;
      expect(body).toMatchObject({ ok: false, error: 'missing_scope' });
      expect(typeof body.needed).toBe('string');
      expect(String(body.provided)).not.toContain(String(body.needed));
    }
    // Rows are shared objects: a replica that mutated one would show here.
    expect(JSON.stringify(state.tableNames().map((table) => state.rows(table)))).toBe(snapshot);
    expect(diffSize(diffStates(State.fromSeed(seed), state))).toBe(0);
  });

  it('does not flag reads as writes', () => {
    for (const path of [
      '/conversations.history',
      '/search.messages',
      '/users.list',
      '/unknown.method',
    ]) {
      expect(replica().isWrite({ method: 'POST', path })).toBe(false);
    }
  });
});

describe('operation budget through the gateway', () => {
  it('charges one operation per Web API call and refuses the 81st', async () => {
    const budget = new OperationBudget();
    const client = createApiClient((request) =>
      Promise.resolve(serveRequest(replica(), budget, request)),
    );
    expect(
      replica().operationCost({ method: 'POST', path: 'graphql', body: { query: '{ a b c }' } }),
    ).toBe(1);
    for (let i = 0; i < 80; i += 1) {
      const body = (await client.get('/auth.test')) as { ok: boolean };
      expect(body.ok).toBe(true);
    }
    expect(budget.used).toBe(80);
    await expect(client.get('/auth.test')).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(budget.exhausted).toBe(true);
    const raw = serveRequest(replica(), budget, { method: 'GET', path: '/users.list' });
    expect(raw.status).toBe(429);
    expect(raw.headers[HARNESS_ERROR_HEADER]).toBe('budget_exhausted');
  });

  it('counts refused writes against the budget like any call', () => {
    const budget = new OperationBudget(2);
    serveRequest(replica(), budget, {
      method: 'POST',
      path: '/chat.postMessage',
      body: { text: 'x' },
    });
    serveRequest(replica(), budget, { method: 'GET', path: '/users.list' });
    expect(budget.used).toBe(2);
    expect(serveRequest(replica(), budget, { method: 'GET', path: '/users.list' }).status).toBe(
      429,
    );
  });
});

describe('SlackDocs and SlackTableKeys', () => {
  it('document every read method the replica serves', () => {
    for (const method of [
      'auth.test',
      'team.info',
      'users.list',
      'users.info',
      'users.lookupByEmail',
      'users.conversations',
      'conversations.list',
      'conversations.info',
      'conversations.history',
      'conversations.replies',
      'conversations.members',
      'reactions.get',
      'search.messages',
    ]) {
      expect(SlackDocs).toContain(`### ${method}`);
      const answered = replica().handle({ method: 'GET', path: `/${method}` }).body as {
        error?: string;
      };
      expect(answered.error).not.toBe('unknown_method');
    }
  });

  it('declare the key of every table of the built-in seed, and the seed rows are unique by it', () => {
    expect(Object.keys(seed.tables).sort()).toEqual(Object.keys(SlackTableKeys).sort());
    for (const [table, key] of Object.entries(SlackTableKeys)) {
      expect(seed.tables[table]!.key).toEqual(key);
      const keys = rowsOf(table).map((row) => JSON.stringify(key.map((column) => row[column])));
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
