import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonText, scanJsonText, textPosition } from '../../src/pack/json-text.js';

const limits = { stringChars: 1000, depth: 64 };
const scan = (text: string, override: Partial<typeof limits> = {}) =>
  scanJsonText(text, { ...limits, ...override }).map((problem) => ({
    kind: problem.kind,
    path: problem.path,
    at: textPosition(text, problem.offset),
    message: problem.message,
  }));

describe('scanJsonText', () => {
  it('finds nothing in valid JSON that JSON.parse reads the same way', () => {
    const texts = [
      readFileSync(
        path.resolve(import.meta.dirname, '../../fixtures/packs/starter/tasks/starter_1.json'),
        'utf8',
      ),
      '{"a": [], "b": {}, "c": [[], {}], "d": -0.5e+3, "e": "\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9"}',
      ' [true, false, null, 0, 12, 1.25, "x"] ',
    ];
    for (const text of texts) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(scan(text)).toEqual([]);
    }
  });

  it('reports every duplicate member with its JSON path, also when spelled with escapes', () => {
    const text = '{"rows": [{"id": 1}, {"id": 2, "id": 3}], "\\u0061": 1, "a": 2}';
    expect(scan(text)).toEqual([
      {
        kind: 'duplicate_key',
        path: ['rows', 1, 'id'],
        at: 'line 1, column 32',
        message: 'member "id" appears twice in one object (JSON.parse would keep only the last)',
      },
      {
        kind: 'duplicate_key',
        path: ['a'],
        at: 'line 1, column 56',
        message: 'member "a" appears twice in one object (JSON.parse would keep only the last)',
      },
    ]);
  });

  it.each([
    [
      '{"a": 1,}',
      [],
      'line 1, column 9',
      'unexpected character "}"; expected a member name in double quotes',
    ],
    ['[1 2]', [0], 'line 1, column 4', 'unexpected character "2"; expected "," or "]"'],
    ['{"a": 01}', ['a'], 'line 1, column 8', 'unexpected character "1"; expected "," or "}"'],
    [
      '{\n  "a": "tab\there"\n}',
      ['a'],
      'line 2, column 12',
      'a control character in a string must be escaped (\\n, \\t …)',
    ],
    ['["\\x"]', [0], 'line 1, column 3', 'invalid escape \\x in a string'],
    [
      '{} {}',
      [],
      'line 1, column 4',
      'unexpected character "{"; expected the end of the file after the top-level value',
    ],
    ['{"a": [1, 2', ['a', 1], 'line 1, column 12', 'unexpected end of file; expected "," or "]"'],
  ])('places the syntax error of %j', (text, at, position, message) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(scan(text)).toEqual([{ kind: 'syntax', path: at, at: position, message }]);
  });

  it('measures strings as decoded, so escapes do not count against the limit', () => {
    expect(scan('["\\u0061\\u0061\\u0061"]', { stringChars: 3 })).toEqual([]);
    expect(scan('{"k": "abcd"}', { stringChars: 3 })).toEqual([
      {
        kind: 'string_length',
        path: ['k'],
        at: 'line 1, column 7',
        message: 'a string of 4 characters exceeds the limit of 3',
      },
    ]);
  });

  it('stops at the first container deeper than the limit', () => {
    expect(scan('{"a": [[[1]]]}', { depth: 3 })).toEqual([
      {
        kind: 'depth',
        path: ['a', 0, 0],
        at: 'line 1, column 9',
        message: 'objects and arrays nest deeper than the limit of 3',
      },
    ]);
  });
});

describe('parseJsonText', () => {
  // The scanner is the definition; the native fast path must give the same answer.
  const bySpec = (text: string, override: Partial<typeof limits> = {}) => {
    const problems = scanJsonText(text, { ...limits, ...override });
    return problems.length > 0 ? { ok: false, problems } : { ok: true, value: JSON.parse(text) };
  };
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const texts: Array<[string, Partial<typeof limits>?]> = [
    ['{"a": [], "b": {}, "c": [[], {}], "d": -0.5e+3, "e": "\\"\\\\\\/\\u00e9"}'],
    ['{"time": "10:30", "quoted": "say \\"a\\": 1", "nested": {"k:": {"x": ":"}}}'],
    ['{"rows": [{"id": 1}, {"id": 2, "id": 3}], "\\u0061": 1, "a": 2}'],
    ['{"a": {"b": 1, "c": 2}, "d": {"b": 1, "b": 1}}'],
    ['{"__proto__": {"polluted": true}, "x": 1}'],
    ['{"__proto__": 1, "__proto__": 2}'],
    [nested(64)],
    [nested(65)],
    [`{"deep": ${nested(63)}}`],
    [`{"deep": ${nested(64)}}`],
    ['{"long": "abcdef", "ok": "abc"}', { stringChars: 5 }],
    ['{"abcdef": 1}', { stringChars: 5 }],
    ['{"esc": "\\u0061\\u0062\\u0063"}', { stringChars: 3 }],
    ['{"a": 1,}'],
    ['{"a" 1}'],
    ['[1, 2'],
    ['01'],
    ['"unterminated'],
    [' [true, false, null, 0, 12, 1.25, "x"] '],
  ];

  it('reads every text as scanJsonText and JSON.parse do: the same value or the same problems', () => {
    for (const [text, override] of texts)
      expect(parseJsonText(text, { ...limits, ...override }), text).toEqual(bySpec(text, override));
  });

  it('keeps a __proto__ member as JSON.parse does, an own property, not a prototype', () => {
    const reading = parseJsonText('{"__proto__": {"polluted": true}}', limits);
    expect(reading.ok && Object.hasOwn(reading.value as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads an empty text as a syntax problem', () => {
    const reading = parseJsonText('', limits);
    expect(reading.ok ? [] : reading.problems.map((problem) => problem.kind)).toEqual(['syntax']);
  });
});
