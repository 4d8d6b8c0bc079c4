import { describe, expect, it } from 'vitest';
import { resolveCallReferences } from '../../src/pack/call-references.js';
import type { ApiCall } from '../../src/schema/call.js';

const responses = [
  { issue: { id: 'iss-1', number: 42, done: false, labels: [{ id: 'lb-1' }, { id: 'lb-2' }] } },
  { ok: true, ts: '1793265240.000100', channel: 'C01' },
];
const resolve = (call: ApiCall, index = 2) => resolveCallReferences(call, index, responses);

describe('resolveCallReferences', () => {
  it('keeps the JSON type of a whole-string reference and writes a spliced one as text', () => {
    const result = resolve({
      method: 'PATCH',
      path: '/issues/{{0.issue.id}}',
      query: { number: '{{0.issue.number}}' },
      body: {
        number: '{{0.issue.number}}',
        done: '{{0.issue.done}}',
        label: '{{0.issue.labels.1.id}}',
        labels: '{{0.issue.labels}}',
        text: 'issue #{{0.issue.number}} in {{1.channel}} at {{1.ts}}',
        untouched: ['{ {0.x}}', 3, null],
      },
    });
    expect(result).toEqual({
      ok: true,
      call: {
        method: 'PATCH',
        path: '/issues/iss-1',
        query: { number: 42 },
        body: {
          number: 42,
          done: false,
          label: 'lb-2',
          labels: [{ id: 'lb-1' }, { id: 'lb-2' }],
          text: 'issue #42 in C01 at 1793265240.000100',
          untouched: ['{ {0.x}}', 3, null],
        },
      },
    });
  });

  it('takes the whole response body for a bare index', () => {
    expect(resolve({ method: 'POST', path: '/x', body: { echo: '{{1}}' } })).toMatchObject({
      ok: true,
      call: { body: { echo: responses[1] } },
    });
  });

  it.each([
    [
      { issue: '{{2.issue.id}}' },
      ['body', 'issue'],
      '{{2.issue.id}}: call 2 may refer only to calls 0-1, not to call 2',
    ],
    [
      { deep: { list: ['ok', '{{0.issue.title}}'] } },
      ['body', 'deep', 'list', 1],
      '{{0.issue.title}}: the response of call 0 has nothing at issue.title (issue has id, number, done, labels)',
    ],
    [
      { label: '{{0.issue.labels.5.id}}' },
      ['body', 'label'],
      '{{0.issue.labels.5.id}}: the response of call 0 has nothing at issue.labels.5 (issue.labels is an array of 2)',
    ],
    [
      { id: '{{issue.id}}' },
      ['body', 'id'],
      '{{issue.id}}: a reference starts with the index of an earlier call of the same list, as in {{0.id}}',
    ],
    [
      { id: '{{0..id}}' },
      ['body', 'id'],
      '{{0..id}}: an empty step in the path (two dots, or a trailing dot)',
    ],
    [
      { text: 'labels: {{0.issue.labels}}' },
      ['body', 'text'],
      'is an array, which cannot be written inside a longer string',
    ],
  ])('refuses %j at its path inside the call', (body, path, message) => {
    const result = resolve({ method: 'POST', path: '/x', body });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.path).toEqual(path);
    expect(result.problem.message).toContain(message);
  });
});
