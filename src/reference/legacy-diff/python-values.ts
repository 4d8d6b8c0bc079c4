import type { JsonValue } from '../../schema/json.js';

/**
 * The Agent-Diff engine is Python; its verdicts and messages follow Python's value
 * semantics. These helpers reproduce the parts it relies on over JSON values.
 */

type Value = JsonValue | undefined;

function isNumeric(value: Value): value is number | boolean {
  return typeof value === 'number' || typeof value === 'boolean';
}

/** Python `==`: `True == 1`, `1 == 1.0`, deep equality of lists and dicts; missing is None. */
export function pyEquals(a: Value, b: Value): boolean {
  const left = a ?? null;
  const right = b ?? null;
  if (isNumeric(left) && isNumeric(right)) return Number(left) === Number(right);
  if (left === null || right === null) return left === right;
  if (typeof left === 'string' || typeof right === 'string') return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => pyEquals(item, right[index]))
    );
  }
  if (typeof left === 'object' && typeof right === 'object') {
    const leftKeys = Object.keys(left);
    if (leftKeys.length !== Object.keys(right).length) return false;
    return leftKeys.every((key) => Object.hasOwn(right, key) && pyEquals(left[key], right[key]));
  }
  return false;
}

/** Python `value in container` for a list, a dict (keys) or a string (substring); TypeError is false. */
export function pyContains(container: Value, value: Value): boolean {
  if (Array.isArray(container)) return container.some((item) => pyEquals(item, value));
  if (typeof container === 'string') return typeof value === 'string' && container.includes(value);
  if (container !== null && typeof container === 'object')
    return typeof value === 'string' && Object.hasOwn(container, value);
  return false;
}

/** Python ordering (`<`) of numbers or of strings; other pairs raise TypeError there, here undefined. */
export function pyCompare(a: Value, b: Value): number | undefined {
  if (isNumeric(a) && isNumeric(b)) return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

function escapeNonAscii(text: string): string {
  return text.replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Python's `repr(float)`: shortest digits, scientific below 1e-4 and from 1e16 (`1e+16`, `1.5e-05`). */
export function pyFloatRepr(value: number): string {
  if (Object.is(value, -0)) return '-0.0';
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const power = `${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
    return `${sign}${digits[0]}${fraction}e${power}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole.slice(0, exponent + 1)}.${fraction || '0'}`;
}

/**
 * How a JSON number without a fraction reads back in Python: an `int` (`1`) or, when the
 * text had a fraction or exponent (`1.0`, `1e3`), a `float`. JSON.parse forgets which.
 */
export type IntegralNumbers = 'int' | 'float';

function dumpNumber(value: number, integral: IntegralNumbers): string {
  if (!Number.isInteger(value) || integral === 'float') return pyFloatRepr(value);
  return BigInt(value).toString();
}

function dump(value: Value, integral: IntegralNumbers): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return dumpNumber(value, integral);
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => dump(item, integral)).join(',')}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${JSON.stringify(key)}:${dump(item, integral)}`)
    .join(',')}}`;
}

/**
 * `json.dumps(value, separators=(",", ":"))`: compact, keys in insertion order, numbers as
 * Python prints ints and floats and, as Python's default `ensure_ascii`, non-ASCII
 * characters escaped. `contains` on a JSON column searches this text.
 */
export function pyJsonDumps(value: Value, integral: IntegralNumbers = 'int'): string {
  return escapeNonAscii(dump(value, integral));
}

function reprString(text: string): string {
  // Python prefers single quotes and switches to double quotes when only single quotes occur.
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const body = text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replaceAll(quote, `\\${quote}`);
  return `${quote}${body}${quote}`;
}

/** Python `repr()` of a JSON value, as Agent-Diff's failure messages print it. */
export function pyRepr(value: Value): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return reprString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${reprString(key)}: ${pyRepr(item)}`)
    .join(', ')}}`;
}
