import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../../src/sandbox/process/line-reader.js';

function collect(maxBytes: number) {
  const stream = new PassThrough();
  const lines: string[] = [];
  let overflows = 0;
  readLines(
    stream,
    maxBytes,
    (line) => lines.push(line),
    () => (overflows += 1),
  );
  return { stream, lines, overflows: () => overflows };
}

describe('readLines', () => {
  it('joins lines split across chunks, strips CR, and keeps an unterminated tail pending', () => {
    const { stream, lines } = collect(100);
    stream.write('{"type":');
    stream.write('"call"}\r\nsecond\nthi');
    stream.write(Buffer.from('rd ü\n', 'utf8').subarray(0, 4));
    stream.write(Buffer.from('rd ü\n', 'utf8').subarray(4));
    stream.write('tail without newline');
    expect(lines).toEqual(['{"type":"call"}', 'second', 'third ü']);
  });

  it('reports a line longer than the limit once and delivers nothing after it', () => {
    const { stream, lines, overflows } = collect(10);
    stream.write('short\n');
    stream.write('x'.repeat(8));
    stream.write('x'.repeat(8));
    stream.write('\nlater\n');
    expect(lines).toEqual(['short']);
    expect(overflows()).toBe(1);
  });
});
