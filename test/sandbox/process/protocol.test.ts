import { describe, expect, it } from 'vitest';
import { parseVerifierMessage } from '../../../src/sandbox/process/protocol.js';

describe('parseVerifierMessage', () => {
  it('accepts the optional hello, calls, results and reportable errors', () => {
    expect(parseVerifierMessage('{"type":"hello","extra":1}')).toEqual({
      ok: true,
      message: { type: 'hello' },
    });
    const call = {
      type: 'call',
      id: 1,
      side: 'after',
      request: { method: 'GET', path: '/conversations.list' },
    };
    expect(parseVerifierMessage(JSON.stringify(call))).toEqual({ ok: true, message: call });
    expect(parseVerifierMessage('{"type":"result","result":{"verdict":"pass"}}')).toEqual({
      ok: true,
      message: { type: 'result', result: { verdict: 'pass' } },
    });
    expect(
      parseVerifierMessage('{"type":"error","kind":"memory","message":"MemoryError"}'),
    ).toEqual({ ok: true, message: { type: 'error', kind: 'memory', message: 'MemoryError' } });
  });

  it('explains each way a line can violate the protocol', () => {
    const error = (line: string) => {
      const parsed = parseVerifierMessage(line);
      return parsed.ok ? 'accepted' : parsed.error;
    };
    expect(error('Traceback (most recent call last):')).toBe(
      'stdout line is not JSON: "Traceback (most recent call last):"',
    );
    expect(error('[1,2]')).toBe('stdout line is not a protocol message object');
    expect(error('{"type":"call","id":"1","side":"before","request":{}}')).toBe(
      'call without an integer id',
    );
    expect(error('{"type":"call","id":1,"side":"during","request":{}}')).toBe(
      'call side must be "before" or "after"',
    );
    expect(error('{"type":"call","id":1,"side":"before"}')).toBe('call without a request object');
    expect(error('{"type":"result"}')).toBe('result message without a result');
    // A program may not claim a harness-level kind such as `budget` or `denied` for itself.
    expect(error('{"type":"error","kind":"denied","message":"x"}')).toBe(
      'error message must have kind exception|malformed|memory and a message string',
    );
    expect(error('{"type":"verdict"}')).toBe('unknown message type "verdict"');
  });
});
