/**
 * Python `re` syntax and semantics (str patterns, Python 3.11) translated into RE2 and
 * JavaScript patterns that answer `re.search` the same way. The two engines disagree with
 * Python on much more than syntax: Python's `\d`, `\w`, `\s` and `\b` are Unicode-aware,
 * `$` also matches before a final newline, `a{,3}` means 0 to 3, `(?x)` is verbose mode and
 * `.` stops only at `\n`. Every construct is rewritten here from Python's definition; what
 * has no faithful rewrite is refused with a reason (docs/pack-format.md, "Patterns").
 */

export interface TranslatedPattern {
  /** RE2 source, or undefined when the pattern needs a backtracking engine. */
  re2?: string;
  /** JavaScript source for the `u` flag (plus `i` when `jsFlags` says so). */
  js: string;
  jsFlags: string;
  /** The JavaScript form is needed (lookaround, backreferences, a `$` followed by more pattern). */
  backtracking: boolean;
  /** RE2's `\b` is ASCII-only: the RE2 form is exact only on ASCII text. */
  asciiBoundary: boolean;
  /** The JavaScript form cannot express scoped case-insensitivity (`(?i:...)`). */
  jsUnavailable?: string;
}

export class PythonPatternError extends Error {}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  x: boolean;
  a: boolean;
}

type Token =
  | { kind: 'atom'; re2: string; js: string }
  | { kind: 'anchor'; re2: string; js: string }
  | { kind: 'dollar'; multiline: boolean }
  | { kind: 'open'; re2: string; js: string }
  | { kind: 'close' }
  | { kind: 'alt' }
  | { kind: 'quant'; text: string };

// Python's str.isspace() set, which its Unicode `\s` matches (not RE2's or JavaScript's).
const SPACE_RANGES: Array<[number, number]> = [
  [0x09, 0x0d],
  [0x1c, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];
const ASCII_SPACE_RANGES: Array<[number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
];
const ASCII_DIGIT: Array<[number, number]> = [[0x30, 0x39]];
const ASCII_WORD: Array<[number, number]> = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const MAX_CODE_POINT = 0x10ffff;
// RE2 refuses larger counts; Python allows them, so such patterns are refused here.
const MAX_REPEAT = 1000;
// Python's IGNORECASE matches a character whose lowercase is the letter's, and pairs `i`
// with dotless `ı`: the dotted/dotless i's are one case class there, not in RE2 or JavaScript.
const DOTTED_I = [0x49, 0x69, 0x130, 0x131];
const KNOWN_ESCAPE_LETTERS = new Set('abBAZdDsSwWfnrtvxuUN'.split(''));

function re2Char(code: number): string {
  const char = String.fromCodePoint(code);
  return /^[A-Za-z0-9 ]$/.test(char) ? char : `\\x{${code.toString(16)}}`;
}

function jsChar(code: number): string {
  const char = String.fromCodePoint(code);
  return /^[A-Za-z0-9 ]$/.test(char) ? char : `\\u{${code.toString(16)}}`;
}

function rangesText(ranges: ReadonlyArray<[number, number]>, char: (code: number) => string) {
  return ranges.map(([lo, hi]) => (lo === hi ? char(lo) : `${char(lo)}-${char(hi)}`)).join('');
}

function complement(ranges: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** One class escape (`\d`, `\W`, ...) as class-body text for both engines. */
interface ClassSet {
  re2: string;
  js: string;
  /** Unicode `\W`: a complement of a union, which no class body can spell. */
  unionComplement?: { re2: string; js: string };
}

function classEscape(letter: string, flags: Flags): ClassSet {
  const negated = letter === letter.toUpperCase();
  const kind = letter.toLowerCase();
  if (flags.a) {
    const ranges = kind === 'd' ? ASCII_DIGIT : kind === 'w' ? ASCII_WORD : ASCII_SPACE_RANGES;
    const set = negated ? complement(ranges) : ranges;
    return { re2: rangesText(set, re2Char), js: rangesText(set, jsChar) };
  }
  if (kind === 'd')
    return negated ? { re2: '\\P{Nd}', js: '\\P{Nd}' } : { re2: '\\p{Nd}', js: '\\p{Nd}' };
  if (kind === 's') {
    const set = negated ? complement(SPACE_RANGES) : SPACE_RANGES;
    return { re2: rangesText(set, re2Char), js: rangesText(set, jsChar) };
  }
  // Python's \w is str.isalnum() or "_": exactly the L* and N* categories plus "_".
  const word = { re2: '\\p{L}\\p{N}_', js: '\\p{L}\\p{N}_' };
  return negated ? { re2: '', js: '', unionComplement: word } : word;
}

function atomOfSet(set: ClassSet): { re2: string; js: string } {
  if (set.unionComplement)
    return { re2: `[^${set.unionComplement.re2}]`, js: `[^${set.unionComplement.js}]` };
  return { re2: `[${set.re2}]`, js: `[${set.js}]` };
}

function wordBoundary(negated: boolean, flags: Flags): string {
  const word = flags.a ? `[${rangesText(ASCII_WORD, jsChar)}]` : '[\\p{L}\\p{N}_]';
  return negated
    ? `(?:(?<=${word})(?=${word})|(?<!${word})(?!${word}))`
    : `(?:(?<=${word})(?!${word})|(?<!${word})(?=${word}))`;
}

class Translator {
  private pos = 0;
  private readonly tokens: Token[] = [];
  private groups = 0;
  private readonly openGroups: number[] = [];
  private readonly names = new Set<string>();
  private readonly closedGroups = new Set<number>();
  private backtracking = false;
  private asciiBoundary = false;
  private scopedCase = false;
  private readonly globalFlags: Flags = { i: false, m: false, s: false, x: false, a: false };

  constructor(private readonly source: string) {}

  private literal(code: number, flags: Flags): Token {
    if (flags.i && DOTTED_I.includes(code)) {
      const set = DOTTED_I.map((i) => [i, i] as [number, number]);
      return {
        kind: 'atom',
        re2: `[${rangesText(set, re2Char)}]`,
        js: `[${rangesText(set, jsChar)}]`,
      };
    }
    return { kind: 'atom', re2: re2Char(code), js: jsChar(code) };
  }

  private error(message: string, at = this.pos): never {
    throw new PythonPatternError(`${message} at position ${at}`);
  }

  private peek(offset = 0): string | undefined {
    const code = this.source.codePointAt(this.pos + offset);
    return code === undefined ? undefined : String.fromCodePoint(code);
  }

  private next(): string {
    const char = this.peek();
    if (char === undefined) this.error('unexpected end of pattern');
    this.pos += char.length;
    return char;
  }

  translate(): TranslatedPattern {
    this.sequence({ ...this.globalFlags }, true);
    if (this.pos < this.source.length) this.error('unbalanced parenthesis');
    const flags = this.globalFlags;
    const asTokens = (engine: 're2' | 'js') =>
      this.tokens
        .map((token, index) => {
          switch (token.kind) {
            case 'atom':
            case 'anchor':
            case 'open':
              return token[engine];
            case 'close':
              return ')';
            case 'alt':
              return '|';
            case 'quant':
              return token.text;
            default:
              if (token.multiline) return engine === 're2' ? '(?m:$)' : '(?![^\\n])';
              if (engine === 'js') return '(?=\\n?(?![\\s\\S]))';
              // RE2 has no lookahead: consuming the final newline is exact when nothing follows.
              if (!this.nothingFollows(index)) this.backtracking = true;
              return '(?:\\n?\\z)';
          }
        })
        .join('');
    const re2Body = asTokens('re2');
    const result: TranslatedPattern = {
      js: asTokens('js'),
      jsFlags: flags.i ? 'iu' : 'u',
      backtracking: this.backtracking,
      asciiBoundary: this.asciiBoundary,
    };
    if (!this.backtracking) result.re2 = flags.i ? `(?i)${re2Body}` : re2Body;
    if (this.scopedCase)
      result.jsUnavailable = 'scoped case flags ((?i:...), (?-i:...)) together with';
    return result;
  }

  /** After the `$` at `index`, only group ends, quantifiers and other alternatives remain. */
  private nothingFollows(index: number): boolean {
    for (let at = index + 1; at < this.tokens.length; at++) {
      const token = this.tokens[at]!;
      if (token.kind === 'close' || token.kind === 'quant') continue;
      if (token.kind !== 'alt') return false;
      let depth = 0;
      for (at++; at < this.tokens.length; at++) {
        const inner = this.tokens[at]!;
        if (inner.kind === 'open') depth++;
        else if (inner.kind === 'close') {
          if (depth === 0) break;
          depth--;
        }
      }
      at--;
    }
    return true;
  }

  private skipVerbose(flags: Flags): void {
    if (!flags.x) return;
    for (;;) {
      const char = this.peek();
      if (char !== undefined && /^[ \t\n\r\f\v]$/.test(char)) this.pos++;
      else if (char === '#') {
        while (this.peek() !== undefined && this.peek() !== '\n') this.pos++;
      } else return;
    }
  }

  /** Items up to `)` or the end; `top` allows global flags before the first item. */
  private sequence(flags: Flags, top: boolean): void {
    let atStart = top;
    let lastRepeatable = false;
    let afterQuantifier = false;
    for (;;) {
      this.skipVerbose(flags);
      const char = this.peek();
      if (char === undefined || char === ')') return;
      const start = this.pos;
      if (char === '|') {
        this.pos++;
        this.tokens.push({ kind: 'alt' });
        lastRepeatable = false;
        afterQuantifier = false;
        atStart = false;
        continue;
      }
      const quantifier = this.quantifier();
      if (quantifier !== undefined) {
        if (afterQuantifier) this.error('multiple repeat', start);
        if (!lastRepeatable) this.error('nothing to repeat', start);
        this.tokens.push({ kind: 'quant', text: quantifier });
        afterQuantifier = true;
        lastRepeatable = false;
        continue;
      }
      afterQuantifier = false;
      if (char === '(' && this.peek(1) === '?' && /^[aiLmsux]$/.test(this.peek(2) ?? '')) {
        const parsed = this.inlineFlags(flags);
        if (parsed.global) {
          if (!atStart) this.error('global flags not at the start of the expression', start);
          Object.assign(flags, parsed.flags);
          Object.assign(this.globalFlags, parsed.flags);
          continue;
        }
        this.tokens.push({ kind: 'open', re2: parsed.re2Open, js: '(?:' });
        this.sequence(parsed.flags, false);
        this.closeGroup(start);
        lastRepeatable = true;
        atStart = false;
        continue;
      }
      if (char === '(' && this.peek(1) === '?' && this.peek(2) === '-') {
        const parsed = this.inlineFlags(flags);
        this.tokens.push({ kind: 'open', re2: parsed.re2Open, js: '(?:' });
        this.sequence(parsed.flags, false);
        this.closeGroup(start);
        lastRepeatable = true;
        atStart = false;
        continue;
      }
      atStart = false;
      lastRepeatable = this.item(flags);
    }
  }

  private closeGroup(start: number): void {
    if (this.peek() !== ')') this.error('missing ), unterminated subpattern', start);
    this.pos++;
    this.tokens.push({ kind: 'close' });
  }

  private inlineFlags(outer: Flags): { global: boolean; flags: Flags; re2Open: string } {
    this.pos += 2;
    const flags = { ...outer };
    const set = (letter: string, on: boolean) => {
      if (letter === 'L') this.error("bad inline flag: cannot use 'L' flag with a str pattern");
      if (letter === 'u') return;
      flags[letter as keyof Flags] = on;
    };
    while (/^[aiLmsux]$/.test(this.peek() ?? '')) set(this.next(), true);
    let scoped = false;
    if (this.peek() === '-') {
      this.pos++;
      scoped = true;
      if (!/^[imsx]$/.test(this.peek() ?? '')) this.error('missing flag');
      while (/^[imsx]$/.test(this.peek() ?? '')) set(this.next(), false);
    }
    const end = this.next();
    if (end === ')' && !scoped) return { global: true, flags, re2Open: '' };
    if (end !== ':') this.error('missing :', this.pos - 1);
    if (flags.i !== outer.i) this.scopedCase = true;
    return {
      global: false,
      flags,
      re2Open: flags.i === outer.i ? '(?:' : `(?${flags.i ? '' : '-'}i:`,
    };
  }

  /** A quantifier at the current position (consumed), or undefined. */
  private quantifier(): string | undefined {
    const char = this.peek();
    let base: string;
    if (char === '*' || char === '+' || char === '?') {
      this.pos++;
      base = char;
    } else if (char === '{') {
      const match = /^\{(\d*)(?:(,)(\d*))?\}/.exec(this.source.slice(this.pos));
      // Python reads `{` that does not start a count as a literal.
      if (!match || (match[1] === '' && match[2] === undefined)) return undefined;
      const min = match[1] === '' ? 0 : Number(match[1]);
      const max = match[2] === undefined ? min : match[3] === '' ? undefined : Number(match[3]);
      if (max !== undefined && max < min)
        this.error('min repeat greater than max repeat', this.pos + 1);
      if (min > MAX_REPEAT || (max ?? 0) > MAX_REPEAT)
        this.error(`a repetition count above ${MAX_REPEAT} is not supported here`);
      this.pos += match[0].length;
      base =
        max === undefined
          ? `{${min},}`
          : min === max && match[2] === undefined
            ? `{${min}}`
            : `{${min},${max}}`;
    } else return undefined;
    if (this.peek() === '?') {
      this.pos++;
      return `${base}?`;
    }
    if (this.peek() === '+') this.error('possessive quantifiers have no equivalent here');
    return base;
  }

  /** One item; returns whether a quantifier may follow it. */
  private item(flags: Flags): boolean {
    const start = this.pos;
    const char = this.next();
    switch (char) {
      case '.':
        this.tokens.push(
          flags.s
            ? { kind: 'atom', re2: '(?s:.)', js: '[\\s\\S]' }
            : { kind: 'atom', re2: '[^\\n]', js: '[^\\n]' },
        );
        return true;
      case '^':
        this.tokens.push(
          flags.m
            ? { kind: 'anchor', re2: '(?m:^)', js: '(?<![^\\n])' }
            : { kind: 'anchor', re2: '\\A', js: '(?<![\\s\\S])' },
        );
        return false;
      case '$':
        this.tokens.push({ kind: 'dollar', multiline: flags.m });
        return false;
      case '[':
        this.characterClass(flags, start);
        return true;
      case '(':
        this.group(flags, start);
        return true;
      case '\\':
        return this.escape(flags, start);
      default:
        this.tokens.push(this.literal(char.codePointAt(0)!, flags));
        return true;
    }
  }

  private group(flags: Flags, start: number): void {
    if (this.peek() !== '?') {
      const number = ++this.groups;
      this.openGroups.push(number);
      this.tokens.push({ kind: 'open', re2: '(', js: '(' });
      this.sequence({ ...flags }, false);
      this.closeGroup(start);
      this.openGroups.pop();
      this.closedGroups.add(number);
      return;
    }
    this.pos++;
    const kind = this.peek();
    if (kind === ':') {
      this.pos++;
      this.tokens.push({ kind: 'open', re2: '(?:', js: '(?:' });
    } else if (kind === 'P' && this.peek(1) === '<') {
      this.pos += 2;
      const name = this.groupName('>');
      if (this.names.has(name)) this.error(`redefinition of group name '${name}'`, start);
      this.names.add(name);
      const number = ++this.groups;
      this.openGroups.push(number);
      this.tokens.push({ kind: 'open', re2: `(?P<${name}>`, js: `(?<${name}>` });
      this.sequence({ ...flags }, false);
      this.closeGroup(start);
      this.openGroups.pop();
      this.closedGroups.add(number);
      return;
    } else if (kind === 'P' && this.peek(1) === '=') {
      this.pos += 2;
      const name = this.groupName(')');
      if (!this.names.has(name)) this.error(`unknown group name '${name}'`, start);
      this.backtracking = true;
      this.tokens.push({ kind: 'atom', re2: '', js: `\\k<${name}>` });
      return;
    } else if (kind === '#') {
      while (this.peek() !== undefined && this.peek() !== ')') this.pos++;
      if (this.peek() === undefined) this.error('missing ), unterminated comment', start);
      this.pos++;
      this.tokens.push({ kind: 'atom', re2: '', js: '' });
      return;
    } else if (kind === '=' || kind === '!') {
      this.pos++;
      this.backtracking = true;
      this.tokens.push({ kind: 'open', re2: '', js: `(?${kind}` });
    } else if (kind === '<' && (this.peek(1) === '=' || this.peek(1) === '!')) {
      this.pos += 2;
      this.backtracking = true;
      this.tokens.push({ kind: 'open', re2: '', js: `(?<${this.source[this.pos - 1]}` });
    } else if (kind === '>') {
      this.error('atomic groups (?>...) have no equivalent here');
    } else if (kind === '(') {
      this.error('conditional groups (?(...)...) have no equivalent here');
    } else {
      this.error(`unknown extension ?${kind ?? ''}`, start + 1);
    }
    this.sequence({ ...flags }, false);
    this.closeGroup(start);
  }

  private groupName(end: string): string {
    const close = this.source.indexOf(end, this.pos);
    if (close === -1) this.error('missing group name terminator');
    const name = this.source.slice(this.pos, close);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/u.test(name))
      this.error(`bad character in group name '${name}'`);
    this.pos = close + 1;
    return name;
  }

  /** A literal escape (`\n`, `\x41`, `\u00e9`, octal, `\.`), as a code point; undefined if not one. */
  private literalEscape(letter: string, inClass: boolean, start: number): number | undefined {
    const simple: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
    if (letter in simple) return simple[letter];
    if (letter === 'b' && inClass) return 8;
    const hex = (digits: number) => {
      const text = this.source.slice(this.pos, this.pos + digits);
      if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(text))
        this.error(`incomplete escape \\${letter}${text.replace(/[^0-9a-fA-F].*$/, '')}`, start);
      this.pos += digits;
      const code = Number.parseInt(text, 16);
      if (code > MAX_CODE_POINT) this.error(`bad escape \\${letter}${text}`, start);
      return code;
    };
    if (letter === 'x') return hex(2);
    if (letter === 'u') return hex(4);
    if (letter === 'U') return hex(8);
    if (letter === 'N')
      this.error('named Unicode escapes (\\N{...}) are not supported here', start);
    if (letter === '0') {
      let digits = '';
      while (digits.length < 2 && /^[0-7]$/.test(this.peek() ?? '')) digits += this.next();
      return Number.parseInt(digits || '0', 8);
    }
    if (/^[1-9]$/.test(letter)) {
      const more = this.source.slice(this.pos, this.pos + 2);
      if (/^[0-7][0-7]$/.test(more) && /^[0-7]$/.test(letter)) {
        this.pos += 2;
        const code = Number.parseInt(letter + more, 8);
        if (code > 0o377)
          this.error(`octal escape value \\${letter}${more} outside of range 0-0o377`, start);
        return code;
      }
      if (inClass) this.error(`bad escape \\${letter}`, start);
      return undefined;
    }
    if (/^[A-Za-z]$/.test(letter)) {
      if (KNOWN_ESCAPE_LETTERS.has(letter)) return undefined;
      this.error(`bad escape \\${letter}`, start);
    }
    return letter.codePointAt(0)!;
  }

  private escape(flags: Flags, start: number): boolean {
    const letter = this.peek();
    if (letter === undefined) this.error('bad escape (end of pattern)', start);
    this.pos += letter.length;
    if ('dDsSwW'.includes(letter)) {
      const atom = atomOfSet(classEscape(letter, flags));
      this.tokens.push({ kind: 'atom', re2: `(?-i:${atom.re2})`, js: atom.js });
      return true;
    }
    if (letter === 'A' || letter === 'Z') {
      this.tokens.push(
        letter === 'A'
          ? { kind: 'anchor', re2: '\\A', js: '(?<![\\s\\S])' }
          : { kind: 'anchor', re2: '\\z', js: '(?![\\s\\S])' },
      );
      return false;
    }
    if (letter === 'b' || letter === 'B') {
      if (!flags.a) this.asciiBoundary = true;
      this.tokens.push({
        kind: 'anchor',
        re2: `\\${letter}`,
        js: wordBoundary(letter === 'B', flags),
      });
      return false;
    }
    const code = this.literalEscape(letter, false, start);
    if (code !== undefined) {
      this.tokens.push(this.literal(code, flags));
      return true;
    }
    // A backreference: `\1` to `\99`.
    let digits = letter;
    if (/^[0-9]$/.test(this.peek() ?? '')) digits += this.next();
    const number = Number(digits);
    if (!this.closedGroups.has(number)) {
      if (this.openGroups.includes(number)) this.error('cannot refer to an open group', start + 1);
      this.error(`invalid group reference ${number}`, start + 1);
    }
    this.backtracking = true;
    this.tokens.push({ kind: 'atom', re2: '', js: `(?:\\${number})` });
    return true;
  }

  private characterClass(flags: Flags, start: number): void {
    let negated = false;
    if (this.peek() === '^') {
      this.pos++;
      negated = true;
    }
    const re2: string[] = [];
    const js: string[] = [];
    const complements: ClassSet[] = [];
    let dottedI = false;
    const covers = (low: number, high: number) => {
      if (flags.i && DOTTED_I.some((code) => code >= low && code <= high)) dottedI = true;
    };
    let first = true;
    for (;;) {
      const char = this.peek();
      if (char === undefined) this.error('unterminated character set', start);
      if (char === ']' && !first) {
        this.pos++;
        break;
      }
      first = false;
      const itemStart = this.pos;
      const low = this.classItem(flags);
      if (typeof low !== 'number') {
        if (low.unionComplement) complements.push(low);
        else {
          re2.push(low.re2);
          js.push(low.js);
        }
        if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined)
          this.error(
            `bad character range ${this.source.slice(itemStart, this.pos + 2)}`,
            itemStart,
          );
        continue;
      }
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.pos++;
        const high = this.classItem(flags);
        const text = this.source.slice(itemStart, this.pos);
        if (typeof high !== 'number' || high < low)
          this.error(`bad character range ${text}`, itemStart);
        covers(low, high);
        re2.push(`${re2Char(low)}-${re2Char(high)}`);
        js.push(`${jsChar(low)}-${jsChar(high)}`);
        continue;
      }
      covers(low, low);
      re2.push(re2Char(low));
      js.push(jsChar(low));
    }
    if (dottedI) {
      const set = DOTTED_I.map((code) => [code, code] as [number, number]);
      re2.push(rangesText(set, re2Char));
      js.push(rangesText(set, jsChar));
    }
    const hat = negated ? '^' : '';
    if (complements.length === 0) {
      // An empty class body cannot occur in Python (`[]` starts a class containing `]`).
      this.tokens.push({
        kind: 'atom',
        re2: `[${hat}${re2.join('')}]`,
        js: `[${hat}${js.join('')}]`,
      });
      return;
    }
    // Unicode `\W` inside a larger class: "any of the others, or a non-word character".
    const word = complements[0]!.unionComplement!;
    if (!negated) {
      const others = re2.length > 0;
      this.tokens.push({
        kind: 'atom',
        re2: others ? `(?:[${re2.join('')}]|[^${word.re2}])` : `[^${word.re2}]`,
        js: others ? `(?:[${js.join('')}]|[^${word.js}])` : `[^${word.js}]`,
      });
      return;
    }
    // `[^x\W]`: a word character that is none of the others; needs a lookahead.
    if (re2.length === 0) {
      this.tokens.push({ kind: 'atom', re2: `[${word.re2}]`, js: `[${word.js}]` });
      return;
    }
    this.backtracking = true;
    this.tokens.push({ kind: 'atom', re2: '', js: `(?:(?![${js.join('')}])[${word.js}])` });
  }

  /** A class member: a code point, or a class escape's set. */
  private classItem(flags: Flags): number | ClassSet {
    const start = this.pos;
    const char = this.next();
    if (char !== '\\') return char.codePointAt(0)!;
    const letter = this.peek();
    if (letter === undefined) this.error('bad escape (end of pattern)', start);
    this.pos += letter.length;
    if ('dDsSwW'.includes(letter)) return classEscape(letter, flags);
    if ('ABZ'.includes(letter)) this.error(`bad escape \\${letter}`, start);
    const code = this.literalEscape(letter, true, start);
    if (code === undefined) this.error(`bad escape \\${letter}`, start);
    return code;
  }
}

/** Translate a Python `re` pattern; throws PythonPatternError with Python's reason. */
export function translatePythonPattern(source: string): TranslatedPattern {
  return new Translator(source).translate();
}
