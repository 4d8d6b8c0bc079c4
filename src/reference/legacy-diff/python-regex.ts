/**
 * Python `re` patterns as JavaScript RegExps, for `re.search(pattern, value)`. Suites use
 * Python syntax: global inline flags at the start (`(?si)...`), named groups `(?P<n>...)`,
 * `\A` and `\Z`. A pattern that cannot be translated yields undefined, which the engine
 * treats like Python's `re.error` (no match).
 */
const cache = new Map<string, RegExp | undefined>();

const FLAG_MAP: Record<string, string | undefined> = {
  i: 'i',
  m: 'm',
  s: 's',
  a: '',
  u: '',
  L: undefined,
  x: undefined,
};

function translate(pattern: string): RegExp | undefined {
  let body = pattern;
  let flags = '';
  const leading = /^\(\?([aiLmsux]+)\)/.exec(body);
  if (leading) {
    for (const flag of leading[1]!) {
      const mapped = FLAG_MAP[flag];
      // Verbose (x) and locale (L) patterns have no JavaScript equivalent.
      if (mapped === undefined) return undefined;
      if (!flags.includes(mapped)) flags += mapped;
    }
    body = body.slice(leading[0].length);
  }
  body = body
    .replace(/\(\?P<([A-Za-z_]\w*)>/g, '(?<$1>')
    .replace(/\(\?P=([A-Za-z_]\w*)\)/g, '\\k<$1>')
    .replace(/\\A/g, '^')
    .replace(/\\Z/g, '$(?![\\s\\S])');
  try {
    return new RegExp(body, flags);
  } catch {
    return undefined;
  }
}

export function pythonRegex(pattern: string): RegExp | undefined {
  if (!cache.has(pattern)) cache.set(pattern, translate(pattern));
  return cache.get(pattern);
}
