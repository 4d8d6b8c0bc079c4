/**
 * A strict reading of JSON text, before JSON.parse turns it into values. JSON.parse keeps
 * the last of two equal keys without a word, gives no position for many syntax errors and
 * quotes the text around them; this pass finds every duplicate key, overlong string and
 * too-deep nesting, and the first syntax error, each with its JSON path and offset.
 */

export type JsonTextProblemKind = 'syntax' | 'duplicate_key' | 'string_length' | 'depth';

export interface JsonTextProblem {
  kind: JsonTextProblemKind;
  /** JSON path of the value (or of the key) concerned. */
  path: Array<string | number>;
  /** Character offset in the text. */
  offset: number;
  message: string;
}

export interface JsonTextLimits {
  stringChars: number;
  depth: number;
}

/** `line 3, column 14` (1-based; columns count UTF-16 code units, as editors mostly do). */
export function textPosition(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; ) {
    line++;
    lineStart = index + 1;
    index = text.indexOf('\n', lineStart);
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

const MAX_PROBLEMS = 50;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters end a JSON string's valid text
const STRING_STOP = /["\\\u0000-\u001f]/g;

class SyntaxProblem extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

type Frame =
  | { kind: 'object'; keys: Set<string>; key: string | undefined }
  | { kind: 'array'; index: number };

/** Scan JSON text; an empty list means JSON.parse will succeed and keep every member. */
export function scanJsonText(text: string, limits: JsonTextLimits): JsonTextProblem[] {
  const problems: JsonTextProblem[] = [];
  const stack: Frame[] = [];
  let at = 0;

  // While a member name is being read, the path is that of the object holding it.
  const path = (): Array<string | number> =>
    stack.flatMap(
      (frame): Array<string | number> =>
        frame.kind === 'array' ? [frame.index] : frame.key === undefined ? [] : [frame.key],
    );
  const describe = (offset: number) =>
    offset >= text.length ? 'end of file' : `character ${JSON.stringify(text[offset])}`;
  const fail = (offset: number, expected: string): never => {
    throw new SyntaxProblem(offset, `unexpected ${describe(offset)}; expected ${expected}`);
  };
  const skipSpace = () => {
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) at++;
      else return;
    }
  };

  /** Reads a string at `at` (which is a quote); returns its decoded length and, for keys, its value. */
  const readString = (wantValue: boolean): { length: number; value: string } => {
    const start = at;
    at++;
    let escaped = false;
    for (;;) {
      // Jump (in native code) to the next character that ends or escapes the string.
      STRING_STOP.lastIndex = at;
      at = STRING_STOP.test(text) ? STRING_STOP.lastIndex - 1 : text.length;
      if (at >= text.length) throw new SyntaxProblem(start, 'a string is not closed');
      const code = text.charCodeAt(at);
      if (code === 0x22) break;
      if (code < 0x20)
        throw new SyntaxProblem(at, 'a control character in a string must be escaped (\\n, \\t …)');
      if (code === 0x5c) {
        escaped = true;
        const next = text[at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6)))
            throw new SyntaxProblem(at, '\\u must be followed by four hex digits');
          at += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next))
          throw new SyntaxProblem(at, `invalid escape \\${next ?? ''} in a string`);
        at += 2;
      }
    }
    const raw = text.slice(start + 1, at);
    at++;
    if (!escaped) return { length: raw.length, value: wantValue ? raw : '' };
    // Escapes only ever shorten the text; decode when the exact value or length matters.
    if (!wantValue && raw.length <= limits.stringChars) return { length: raw.length, value: '' };
    const value = JSON.parse(text.slice(start, at)) as string;
    return { length: value.length, value };
  };

  const checkLength = (length: number, offset: number, what: string) => {
    if (length > limits.stringChars)
      problems.push({
        kind: 'string_length',
        path: path(),
        offset,
        message: `${what} of ${length} characters exceeds the limit of ${limits.stringChars}`,
      });
  };

  const readScalar = () => {
    const start = at;
    const literal = /^(?:true|false|null)/.exec(text.slice(at, at + 5));
    if (literal) {
      at += literal[0].length;
      return;
    }
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) fail(start, 'a value (object, array, string, number, true, false or null)');
    at += match![0].length;
  };

  /** After a value inside a container: `,` or the closing bracket. Returns false when the text is done. */
  const afterValue = (): boolean => {
    skipSpace();
    const frame = stack.at(-1);
    if (!frame) {
      if (at < text.length) fail(at, 'the end of the file after the top-level value');
      return false;
    }
    const char = text[at];
    if (char === ',') {
      at++;
      if (frame.kind === 'array') frame.index++;
      else readKey(frame);
      return true;
    }
    if ((frame.kind === 'array' && char === ']') || (frame.kind === 'object' && char === '}')) {
      at++;
      stack.pop();
      return afterValue();
    }
    return fail(at, frame.kind === 'array' ? '"," or "]"' : '"," or "}"');
  };

  const readKey = (frame: Extract<Frame, { kind: 'object' }>) => {
    frame.key = undefined;
    skipSpace();
    if (text[at] !== '"') fail(at, 'a member name in double quotes');
    const offset = at;
    const { length, value } = readString(true);
    frame.key = value;
    checkLength(length, offset, 'a member name');
    if (frame.keys.has(value)) {
      problems.push({
        kind: 'duplicate_key',
        path: path(),
        offset,
        message: `member "${value.slice(0, 80)}" appears twice in one object (JSON.parse would keep only the last)`,
      });
    }
    frame.keys.add(value);
    skipSpace();
    if (text[at] !== ':') fail(at, '":" after the member name');
    at++;
  };

  try {
    for (;;) {
      skipSpace();
      const char = text[at];
      if (char === '{' || char === '[') {
        if (stack.length >= limits.depth) {
          problems.push({
            kind: 'depth',
            path: path(),
            offset: at,
            message: `objects and arrays nest deeper than the limit of ${limits.depth}`,
          });
          return problems;
        }
        at++;
        skipSpace();
        if (char === '{') {
          const frame: Frame = { kind: 'object', keys: new Set(), key: undefined };
          stack.push(frame);
          if (text[at] === '}') {
            at++;
            stack.pop();
            if (!afterValue()) break;
            continue;
          }
          readKey(frame);
        } else {
          stack.push({ kind: 'array', index: 0 });
          if (text[at] === ']') {
            at++;
            stack.pop();
            if (!afterValue()) break;
          }
        }
        continue;
      }
      if (char === '"') {
        const offset = at;
        checkLength(readString(false).length, offset, 'a string');
      } else readScalar();
      if (problems.length >= MAX_PROBLEMS || !afterValue()) break;
    }
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    problems.push({ kind: 'syntax', path: path(), offset: error.offset, message: error.message });
  }
  return problems;
}

export type JsonTextReading =
  | { ok: true; value: unknown }
  | { ok: false; problems: JsonTextProblem[] };

// Every JSON string, escapes included; in valid JSON text they are all there is between quotes.
const JSON_STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/g;

/**
 * Parse JSON text strictly: the value, or what `scanJsonText` finds wrong with the text.
 * Most files are fine, and JSON.parse (native) proves most of that: the text is JSON, and
 * a walk of the value finds no string over the limit and no nesting too deep. That leaves
 * duplicate keys, which JSON.parse drops: the text holds one `:` outside strings per
 * member, so as many members as the value has keys means none repeats. Anything else is
 * read by the scanner, whose problems are the answer.
 */
export function parseJsonText(text: string, limits: JsonTextLimits): JsonTextReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const problems = scanJsonText(text, limits);
    if (problems.length === 0) throw error;
    return { ok: false, problems };
  }
  const keys = withinLimits(value, 0, limits);
  if (keys !== undefined && keys === membersInText(text)) return { ok: true, value };
  const problems = scanJsonText(text, limits);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}

/** How many keys the value's objects hold, or undefined when a string or the nesting is over the limit. */
function withinLimits(value: unknown, level: number, limits: JsonTextLimits): number | undefined {
  if (typeof value === 'string') return value.length > limits.stringChars ? undefined : 0;
  if (value === null || typeof value !== 'object') return 0;
  if (level >= limits.depth) return undefined;
  let keys = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      const inner = withinLimits(item, level + 1, limits);
      if (inner === undefined) return undefined;
      keys += inner;
    }
    return keys;
  }
  for (const key of Object.keys(value)) {
    if (key.length > limits.stringChars) return undefined;
    const inner = withinLimits((value as Record<string, unknown>)[key], level + 1, limits);
    if (inner === undefined) return undefined;
    keys += inner + 1;
  }
  return keys;
}

/** Members written in valid JSON text: the `:` characters outside strings. */
function membersInText(text: string): number {
  const bare = text.replace(JSON_STRING, '');
  let members = 0;
  for (let at = bare.indexOf(':'); at !== -1; at = bare.indexOf(':', at + 1)) members++;
  return members;
}
