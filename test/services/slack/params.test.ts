import { describe, expect, it } from 'vitest';
import {
  booleanParam,
  limitParam,
  readParams,
  stringParam,
} from '../../../src/services/slack/params.js';

describe('readParams', () => {
  it('merges query and body, the body winning, and stringifies scalars and lists', () => {
    const params = readParams({
      method: 'POST',
      path: '/x',
      query: { channel: 'C1', limit: 5, inclusive: true },
      body: { channel: 'C2', types: ['im', 'mpim'] },
    });
    expect(Object.fromEntries(params)).toEqual({
      channel: 'C2',
      limit: '5',
      inclusive: 'true',
      types: 'im,mpim',
    });
  });

  it('keeps the JSON arguments (blocks, attachments, metadata) as JSON text, lists joined otherwise', () => {
    const blocks = [
      { type: 'divider' },
      { type: 'header', text: { type: 'plain_text', text: 'x' } },
    ];
    const params = readParams({
      method: 'POST',
      path: '/x',
      body: { blocks, metadata: { event_type: 'e' }, users: ['U1', 'U2'] },
    });
    expect(JSON.parse(params.get('blocks')!)).toEqual(blocks);
    expect(JSON.parse(params.get('metadata')!)).toEqual({ event_type: 'e' });
    expect(params.get('users')).toBe('U1,U2');
    // Form bodies carry them as JSON text already.
    expect(
      readParams({
        method: 'POST',
        path: '/x',
        body: `blocks=${encodeURIComponent('[{"type":"divider"}]')}`,
      }).get('blocks'),
    ).toBe('[{"type":"divider"}]');
  });

  it('reads form-encoded and JSON string bodies, and ignores a body it cannot parse', () => {
    expect(
      Object.fromEntries(readParams({ method: 'POST', path: '/x', body: 'channel=C9&ts=1.5' })),
    ).toEqual({ channel: 'C9', ts: '1.5' });
    expect(
      Object.fromEntries(readParams({ method: 'POST', path: '/x', body: '{"user":"U1"}' })),
    ).toEqual({ user: 'U1' });
    expect(
      Object.fromEntries(
        readParams({ method: 'POST', path: '/x', query: { a: 'b' }, body: '{broken' }),
      ),
    ).toEqual({ a: 'b' });
  });

  it('drops null and undefined values', () => {
    expect([
      ...readParams({ method: 'GET', path: '/x', query: { a: null, b: undefined, c: '' } }).keys(),
    ]).toEqual(['c']);
  });
});

describe('argument readers', () => {
  const params = readParams({
    method: 'GET',
    path: '/x',
    query: {
      yes: '1',
      no: 'false',
      junk: 'maybe',
      big: 5000,
      zero: 0,
      neg: '-3',
      text: '  hi  ',
      blank: ' ',
    },
  });

  it('booleanParam takes true/1 and false/0, else the default', () => {
    expect([
      booleanParam(params, 'yes', false),
      booleanParam(params, 'no', true),
      booleanParam(params, 'junk', true),
      booleanParam(params, 'absent', false),
    ]).toEqual([true, false, true, false]);
  });

  it('limitParam clamps to the maximum and falls back on zero, negative or junk', () => {
    expect(limitParam(params, 'big', 100, 999)).toBe(999);
    expect(limitParam(params, 'zero', 100, 999)).toBe(100);
    expect(limitParam(params, 'neg', 100, 999)).toBe(100);
    expect(limitParam(params, 'junk', 100, 999)).toBe(100);
  });

  it('stringParam trims and treats blank as absent', () => {
    expect(stringParam(params, 'text')).toBe('hi');
    expect(stringParam(params, 'blank')).toBeUndefined();
  });
});
