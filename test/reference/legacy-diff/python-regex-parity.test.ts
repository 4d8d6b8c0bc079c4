import { describe, expect, it } from 'vitest';
import { compilePythonPattern } from '../../../src/reference/legacy-diff/python-regex.js';
import { runPython } from '../../support/python.js';

/**
 * Our answer to `re.search(pattern, text) is not None` against real Python 3's, on a table
 * of patterns where RE2 and JavaScript disagree with Python, and on sweeps of code points
 * for the Unicode-aware classes. `error` is Python's `re.error` (our compile refusal).
 */
const SEARCH = `
import json, re, sys
out = []
for pattern, text in json.load(sys.stdin):
    try:
        out.append(re.search(pattern, text) is not None)
    except re.error:
        out.append('error')
print(json.dumps(out))
`;

function ours(pattern: string, text: string): boolean | 'error' {
  const compiled = compilePythonPattern(pattern);
  return compiled.ok ? compiled.pattern.test(text) : 'error';
}

const TABLE: Array<[string, string[]]> = [
  // `$` also matches before a final newline (without MULTILINE); `\Z` only at the end.
  ['foo$', ['foo\n', 'foo', 'foo\n\n', 'foo\nbar', 'xfoo\r\n']],
  ['foo$\\n', ['foo\n', 'foo']],
  ['(foo$|bar)x', ['foox', 'barx', 'foo\nx']],
  ['a$\\b', ['a\n', 'a']],
  ['(?m)^b$', ['a\nb\nc', 'a\nbc', 'b\r\n']],
  ['(?m)^$', ['a\n', 'a', '']],
  ['foo\\Z', ['foo\n', 'foo']],
  ['\\Afoo', ['foo', 'xfoo', '\nfoo']],
  // Unicode-aware classes of str patterns; (?a) makes them ASCII.
  ['^\\d+$', ['123', '٣٤', '①', '१२', 'x', '²']],
  ['(?a)^\\d+$', ['123', '٣٤']],
  ['^\\w+$', ['café', 'naïve', 'e\u0301', '日本', 'Ⅻ', '_x', 'a-b', '½']],
  ['(?a)\\w', ['é', 'e']],
  ['^\\s$', ['\x1c', '\x85', '\xa0', '\u2028', '\u3000', '\ufeff', '\v', '\u200b']],
  ['\\S', ['\x1f', '\u2009', 'x']],
  ['^\\W$', ['é', '-', '\u0301']],
  ['^[\\w-]+$', ['ça-va', 'a b']],
  ['^[^\\W\\d]+$', ['abc', 'ab1', 'é']],
  ['^[\\W\\d]+$', ['-1', '-a', '1é']],
  ['^[\\s,]+$', [', \u3000', ',x']],
  // `.` stops only at `\n`, and a code point is one character.
  ['^.$', ['😀', '\r', '\u2028', '\n', 'é']],
  ['(?s)^.$', ['\n']],
  ['^a.c$', ['a\rc', 'a😀c']],
  // `\b` sees non-ASCII word characters.
  ['\\bé', ['é', 'aé', ' é']],
  ['a\\b', ['aé', 'a ', 'a']],
  ['\\Bé', ['aé', 'é']],
  ['(?i)supercomputer.*\\b2\\b', ['SuperComputer model 2', 'Supercomputer é2', 'supercomputer 2é']],
  // Counted repeats: `{,n}` is 0 to n; a `{` that starts no count is a literal.
  ['^a{,3}$', ['', 'aaa', 'aaaa']],
  ['^a{2,}$', ['a', 'aa', 'aaaaa']],
  ['^a{2}$', ['aa', 'aaa']],
  ['a{x}', ['a{x}', 'ax']],
  ['a{,}', ['', 'aaa']],
  ['x{2,1}', ['xx']],
  // Inline flags: scoped and global, verbose mode, ASCII.
  ['(?i:A)b', ['ab', 'aB', 'Ab']],
  ['(?i)a(?-i:B)', ['AB', 'Ab']],
  ['(?x) a b # comment\n c', ['abc', 'a b c']],
  ['(?x)a [ ] b', ['a b', 'ab']],
  ['(?x)a\\ b', ['a b', 'ab']],
  ['(?x)\\d +', ['12', ' ']],
  ['(?i)(?s)a.b', ['A\nB']],
  ['a(?i)b', ['ab']],
  ['(?i)straße', ['STRASSE', 'Straße', 'STRAßE']],
  ['(?i)k', ['\u212a', 'K']],
  ['(?i)^[h-j]$', ['\u0130', '\u0131', 'I']],
  ['(?i)^i$', ['\u0130', '\u0131']],
  ['(?i)^[^i]$', ['\u0130', 'x']],
  ['(?i)^\u0130$', ['i', 'I', '\u0131']],
  ['(?L)a', ['a']],
  // Character classes as Python reads them.
  ['[]a]', [']', 'a', 'b']],
  ['[[:alpha:]]', ['a', ':]', '[]']],
  ['[a-]', ['-', 'b']],
  ['[\\b]', ['\b', 'b']],
  ['[z-a]', ['m']],
  ['[\\w-a]', ['m']],
  // Escapes.
  ['\\x41\\u00e9\\U0001F600', ['Aé😀']],
  ['\\101', ['A']],
  ['\\0', ['\0']],
  ['\\z', ['z']],
  ['\\e', ['e']],
  ['\\x4', ['x4']],
  ['\\.\\-\\é', ['.-é']],
  // Groups and references.
  ['(?P<w>ab)(?P=w)', ['xabab', 'abba']],
  ['(a)\\1', ['aa', 'ab']],
  ['(a)\\2', ['aa']],
  ['(a\\1)', ['aa']],
  ['(?<n>a)', ['a']],
  ['(?P<a>x)(?P<a>y)', ['xy']],
  ['(?#note)ab', ['ab']],
  [
    '(?s)(?=.*Lagos)(?=.*Warsaw)Tokyo.*Kolkata',
    ['Tokyo, Lagos, Kolkata, Warsaw', 'Tokyo, Kolkata'],
  ],
  ['(?<=é)x', ['éx', 'ex']],
  // Python's errors.
  ['a**', ['a']],
  ['*a', ['a']],
  ['\\b*', ['a']],
  ['(unclosed', ['(unclosed']],
  ['a)', ['a)']],
  // Patterns of the real suites.
  ['(?si)Field Report 2:\\s*(?P<n>\\d+)\\Z', ['field report 2:\n 14', 'field report 2: 14\nmore']],
  ['^D', ['Dune', 'ADune']],
  [
    'moral judge?ment in history\\.pdf',
    ['moral judgment in history.pdf', 'moral judgement in historyxpdf'],
  ],
  ["find|found|unable|couldn't|could not|not exist", ["I couldn't", 'nothing']],
];

// Constructs Python accepts that have no faithful translation here: refused, never guessed.
const REFUSED: Array<[string, string]> = [
  ['a++', 'aa'],
  ['(?>a)', 'a'],
  ['\\N{LATIN SMALL LETTER E WITH ACUTE}', 'é'],
  ['a{1001}', 'a'],
  ['(?i:a)(?=b)', 'ab'],
];

describe('Python patterns answer as Python 3 does', () => {
  it('on the table of (pattern, text) pairs where RE2 or JavaScript read them differently', () => {
    const pairs = TABLE.flatMap(([pattern, texts]) =>
      texts.map((text) => [pattern, text] as const),
    );
    const expected = runPython<Array<boolean | 'error'>>(SEARCH, pairs);
    const actual = pairs.map(([pattern, text]) => ours(pattern, text));
    const mismatches = pairs
      .map(([pattern, text], index) => ({
        pattern,
        text,
        python: expected[index],
        ours: actual[index],
      }))
      .filter((row) => row.python !== row.ours);
    expect(mismatches).toEqual([]);
    // The table exercises both answers and Python's errors.
    expect(expected.filter((answer) => answer === true).length).toBeGreaterThan(40);
    expect(expected.filter((answer) => answer === false).length).toBeGreaterThan(40);
    expect(expected.filter((answer) => answer === 'error').length).toBeGreaterThan(10);
  });

  it('refuse with a reason what Python accepts but has no faithful translation here', () => {
    const python = runPython<Array<boolean | 'error'>>(SEARCH, REFUSED);
    expect(python.every((answer) => answer !== 'error')).toBe(true);
    for (const [pattern] of REFUSED)
      expect(compilePythonPattern(pattern)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/(no equivalent|not supported) here/),
      });
  });

  it('on \\d, \\w, \\s, \\b, . and (?i) over a sweep of code points Python 3 knows', () => {
    // Every BMP code point below U+3400 and a stride through the rest; unassigned code
    // points (Unicode versions differ between Python and the engines) are left out.
    const SWEEP = `
import json, re, sys, unicodedata
probes = {p: re.compile(p) for p in json.load(sys.stdin)}
rows = []
for code in list(range(0, 0x3400)) + list(range(0x3400, 0x110000, 29)):
    char = chr(code)
    if unicodedata.category(char) in ('Cn', 'Cs'):
        continue
    rows.append([code] + [bool(probe.search(char + '\\u3000' + char)) for probe in probes.values()])
print(json.dumps(rows))
`;
    const probes = [
      '^\\d',
      '^\\w',
      '^\\s',
      '\\b',
      '^.',
      '(?i)^[a-z]',
      '(?i)^é',
      '\\W$',
      '^[^\\s\\d]',
    ];
    const rows = runPython<Array<[number, ...boolean[]]>>(SWEEP, probes);
    expect(rows.length).toBeGreaterThan(20_000);
    const compiled = probes.map((probe) => {
      const result = compilePythonPattern(probe);
      if (!result.ok) throw new Error(result.message);
      return result.pattern;
    });
    const mismatches: string[] = [];
    for (const [code, ...answers] of rows) {
      const char = String.fromCodePoint(code);
      compiled.forEach((pattern, index) => {
        if (pattern.test(`${char}\u3000${char}`) !== answers[index])
          mismatches.push(`${probes[index]} on U+${code.toString(16)}: Python ${answers[index]}`);
      });
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });
});
