import { describe, expect, it } from 'vitest';
import {
  createFakeReplica,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../fixtures/verifiers/chat-workspace.js';
import { EvaluationSession, toOneLine } from '../../src/sandbox/evaluation-session.js';
import { resolveLimits } from '../../src/sandbox/limits.js';
import type { ApiRequest } from '../../src/services/api.js';

const list: ApiRequest = { method: 'GET', path: '/conversations.list' };

function session(operations = 80) {
  const before = createFakeReplica(QUIET_WORKSPACE);
  const after = createFakeReplica(POSTED_WORKSPACE);
  return {
    before,
    after,
    session: new EvaluationSession(before, after, resolveLimits({ operations })),
  };
}

describe('EvaluationSession', () => {
  it('routes each call to its snapshot and counts operations over both', () => {
    const { before, after, session: s } = session();
    const history = { method: 'GET', path: '/conversations.history', query: { channel: 'C100' } };
    expect(s.serve('before', history).body).toEqual({ ok: true, messages: [] });
    expect((s.serve('after', history).body as { messages: unknown[] }).messages).toHaveLength(1);
    expect([before.calls.length, after.calls.length]).toEqual([1, 1]);
    expect(s.finish({ type: 'returned', value: { verdict: 'pass' } })).toMatchObject({
      verdict: 'pass',
      operations: 2,
      checks: [],
    });
  });

  it("hands the replica a JSON copy, never the verifier's object", () => {
    const { before, session: s } = session();
    const request = { method: 'GET', path: '/conversations.list', query: { limit: 5 } };
    s.serve('before', request);
    expect(before.calls[0]).toEqual(request);
    expect(before.calls[0]).not.toBe(request);
  });

  it('answers a bad side or a non-JSON request with a 400 instead of throwing', () => {
    const { before, session: s } = session();
    expect(s.serve('during', list)).toMatchObject({
      status: 400,
      body: { message: 'unknown snapshot "during"; expected "before" or "after"' },
    });
    expect(s.serve('before', { method: 'GET', path: '/x', query: { n: 1n } })).toMatchObject({
      status: 400,
    });
    expect(s.serve('before', 'GET /conversations.list')).toMatchObject({
      status: 400,
      body: { message: 'the request must be an object {method, path, ...}' },
    });
    expect(before.calls).toEqual([]);
    expect(s.finish({ type: 'returned', value: { verdict: 'unknown' } })).toMatchObject({
      verdict: 'unknown',
      operations: 0,
    });
  });

  it('parses requests that arrive as JSON text, refusing oversized or invalid text before the replica sees it', () => {
    const { before, session: s } = session();
    const answer = (text: unknown) => JSON.parse(s.serveText('before', text)) as unknown;
    expect(answer(JSON.stringify(list))).toMatchObject({ status: 200 });
    expect(answer('x'.repeat(16 * 1024 * 1024 + 1))).toMatchObject({
      status: 413,
      body: { error: 'request_too_large' },
    });
    expect(answer('{"method":')).toMatchObject({
      status: 400,
      body: { message: 'the request is not valid JSON' },
    });
    expect(answer({ method: 'GET' })).toMatchObject({
      status: 400,
      body: { message: 'the request must arrive as JSON text' },
    });
    expect(answer('[1, 2]')).toMatchObject({
      status: 400,
      body: { message: 'the request must be an object {method, path, ...}' },
    });
    expect(answer('"GET /x"')).toMatchObject({ status: 400 });
    expect(JSON.parse(s.serveText('during', JSON.stringify(list)))).toMatchObject({
      status: 400,
      body: { message: 'unknown snapshot "during"; expected "before" or "after"' },
    });
    expect(before.calls).toHaveLength(1);
    expect(s.budget.used).toBe(1);
  });

  it('answers text with the text of the answer a plain call gets, serialised once', () => {
    const plain = session();
    const text = session();
    const history = { method: 'GET', path: '/conversations.history', query: { channel: 'C100' } };
    for (const request of [list, history, { path: '/chat.postMessage' }]) {
      expect(text.session.serveText('after', JSON.stringify(request))).toBe(
        JSON.stringify(plain.session.serve('after', request)),
      );
    }
    expect(text.after.calls).toEqual(plain.after.calls);
    expect(text.session.finish({ type: 'returned', value: { verdict: 'pass' } })).toMatchObject({
      verdict: 'error',
      kind: 'denied',
    });
  });

  it('gives the replica the request a JSON round trip gives, however the text was written', () => {
    const requests = [
      '{"path":"/conversations.list","query":{"limit":1e400,"cursor":-0,"n":[-1e999,2,-0]}}',
      '{"path":"/conversations.list","query":{"__proto__":1e400,"x":{"__proto__":{"y":-0}}}}',
      'null',
      '{"method":7,"path":["x"]}',
      `{"path":"/conversations.list","query":{"deep":${'['.repeat(100)}1e400${']'.repeat(100)}}}`,
    ];
    for (const request of requests) {
      const plain = session();
      const text = session();
      plain.session.serve('before', JSON.parse(request));
      text.session.serveText('before', request);
      expect(text.before.calls).toHaveLength(1);
      // The same own properties, prototypes and values as the round trip's copy.
      expect(JSON.stringify(text.before.calls)).toBe(JSON.stringify(plain.before.calls));
      expect(text.before.calls).toStrictEqual(plain.before.calls);
    }
    const { before, session: s } = session();
    s.serveText('before', requests[1]);
    const query = before.calls[0]?.query as Record<string, unknown>;
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(Object.hasOwn(query, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toBeNull();
  });

  it('refuses a request too deep to serialise, as a plain call does', () => {
    const deep = `{"path":"/x","query":{"q":${'['.repeat(200_000)}${']'.repeat(200_000)}}}`;
    const plain = session();
    const text = session();
    const expected = plain.session.serve('before', JSON.parse(deep));
    expect(expected).toMatchObject({ status: 400, body: { error: 'bad_request' } });
    expect(JSON.parse(text.session.serveText('before', deep))).toEqual(expected);
    expect(text.before.calls).toEqual([]);
  });

  it('records a write attempt as denied, naming the first such call, whatever the verifier returned', () => {
    const { session: s } = session();
    expect(
      s.serve('after', { method: 'POST', path: '/chat.postMessage', body: { text: 'hi' } }).status,
    ).toBe(403);
    s.serve('before', { method: 'POST', path: '/chat.delete' });
    expect(
      s.finish({
        type: 'returned',
        value: { verdict: 'pass', checks: [{ name: 'posted', ok: true }] },
      }),
    ).toMatchObject({
      verdict: 'error',
      kind: 'denied',
      message: 'attempted a write through the API: POST /chat.postMessage on the after snapshot',
      checks: [{ name: 'posted', ok: true }],
      operations: 2,
    });
  });

  it('names the GraphQL operation of a write attempt', () => {
    const { session: s } = session();
    s.serve('after', {
      method: 'POST',
      path: 'graphql',
      body: { query: 'mutation {\n  issueUpdate(id: "1") { success }\n}' },
    });
    const record = s.finish({ type: 'failed', kind: 'exception', message: 'boom' });
    expect(record).toMatchObject({
      kind: 'denied',
      message:
        'attempted a write through the API: POST graphql "mutation { issueUpdate(id: \\"1\\") { success } }" on the after snapshot',
    });
  });

  it('turns an exhausted budget into Error budget even when the verifier then answered', () => {
    const { session: s } = session(3);
    for (let call = 0; call < 3; call += 1) expect(s.serve('before', list).status).toBe(200);
    const refused = s.serve('after', list);
    expect(refused.status).toBe(429);
    expect(refused.headers['x-agentproofbench-error']).toBe('budget_exhausted');
    expect(
      s.finish({ type: 'returned', value: { verdict: 'pass', explanation: 'all good' } }),
    ).toMatchObject({
      verdict: 'error',
      kind: 'budget',
      message: 'operation budget exhausted: 3 of 3 operations used and a further call refused',
      operations: 3,
      explanation: 'all good',
    });
  });

  it("keeps the verifier's own error kind and shortens its message to one line", () => {
    const { session: s } = session();
    const record = s.finish({
      type: 'failed',
      kind: 'timeout',
      message: 'timed out\n  after   300 ms',
    });
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'timeout',
      message: 'timed out after 300 ms',
      checks: [],
    });
  });

  it('records a result outside the contract as malformed', () => {
    const { session: s } = session();
    expect(s.finish({ type: 'returned', value: { verdict: 'maybe' } })).toMatchObject({
      verdict: 'error',
      kind: 'malformed',
      message: 'result.verdict must be "pass", "fail" or "unknown", got "maybe"',
    });
  });

  it('measures the duration from the session start', async () => {
    const { session: s } = session();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      s.finish({ type: 'returned', value: { verdict: 'pass' } }).durationMs,
    ).toBeGreaterThanOrEqual(15);
  });
});

describe('toOneLine', () => {
  it('collapses whitespace and caps the length at 300 characters', () => {
    expect(toOneLine('  a\n\tb  ')).toBe('a b');
    const long = toOneLine('x'.repeat(1000));
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
  });

  it('keeps a bounded copy of what the verifier said, however much it returned', () => {
    const { session: s } = session();
    const long = 'z'.repeat(1_000);
    const record = s.finish({
      type: 'returned',
      value: {
        verdict: 'fail',
        explanation: 'x'.repeat(15 * 1024 * 1024),
        checks: Array.from({ length: 500 }, (_, index) => ({
          name: `${index}${long}`,
          ok: false,
          detail: long,
        })),
      },
    });
    expect(record.verdict).toBe('fail');
    expect(record.explanation).toHaveLength(4096);
    expect(record.explanation?.endsWith('…')).toBe(true);
    expect(record.checks).toHaveLength(64);
    expect(
      record.checks.every(
        (check) => check.name.length <= 512 && (check.detail?.length ?? 0) <= 512,
      ),
    ).toBe(true);
  });
});
