import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  caseData,
  decodeCaseData,
  encodeCaseData,
  type OpenedCase,
  OpenedCases,
  readPageCases,
} from '../../../reporters/html/case-data.js';

const given = new Map<string, OpenedCase>([
  [
    '["a","sim","t1","panel","source","o1"]',
    { title: 't1 › source', text: 'Verdict: pass\nReference:\n  ✓ kept </script> <b>' },
  ],
  [
    '["b","sim","t1","panel","source","o1"]',
    { title: 't1 › source', text: 'Verdict: fail\nReference:\n  ✓ kept </script> <b>' },
  ],
  ['["a","sim","t2","panel","related","o2"]', { title: 'empty', text: '' }],
  ['["a","sim","t3","panel","related","o3"]', { title: 'blank lines', text: '\n\nend\n' }],
]);
const opened = new OpenedCases();
const ids = [...given].map(([key, entry]) => opened.add(key, entry));

describe('the case data a page embeds', () => {
  it('names each cell by its position and keeps each distinct line once, each case as the indices of its lines', () => {
    expect(ids).toEqual(['0', '1', '2', '3']);
    const data = caseData(opened);
    expect(data.lines).toEqual([
      'Verdict: pass',
      'Reference:',
      '  ✓ kept </script> <b>',
      'Verdict: fail',
      '',
      'end',
    ]);
    expect(data.cases[1]).toEqual([
      '["b","sim","t1","panel","source","o1"]',
      't1 › source',
      [3, 1, 2],
    ]);
  });

  it('decodes to exactly the titles and texts it was given, from gzip in base64 with no "<"', () => {
    const encoded = encodeCaseData(opened);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8'))).toEqual(
      caseData(opened),
    );
    expect([...decodeCaseData(encoded)]).toEqual(
      [...given].map(([key, entry], id) => [String(id), { key, ...entry }]),
    );
    expect(encodeCaseData(opened)).toBe(encoded);
  });

  it('prefixes the keys of a side of a comparison, numbering on in the same list', () => {
    const both = new OpenedCases();
    expect(both.prefixed('a:').add('k', { title: 't', text: 'x' })).toBe('0');
    expect(both.prefixed('b:').add('k', { title: 't', text: 'y' })).toBe('1');
    expect(both.entries.map(([key]) => key)).toEqual(['a:k', 'b:k']);
  });

  it('is read back from a page, and a page without it is named', () => {
    const page = `<p>x</p><script type="application/octet-stream" id="apb-cases" data-encoding="gzip+base64">${encodeCaseData(opened)}</script>`;
    expect(readPageCases(page)).toEqual(given);
    expect(() => readPageCases('<p>x</p>')).toThrow('id="apb-cases"');
  });
});
