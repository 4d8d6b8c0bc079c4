// Evaluated inside the isolate before any of the verifier's code (guest.ts imports it first).
// The clock stands still at FROZEN_AT: a verifier cannot time its calls, so nothing an
// earlier evaluation left warm on the host (caches of parsed queries, indexes, compiled
// code) can change a verdict, and the same inputs give the same verdict (docs/sandbox.md).

/** The instant `Date.now()`, `new Date()` and `Intl` formatting without a date see: 1970-01-01T00:00:00Z. */
export const FROZEN_AT = 0;

const RealDate = Date;

function FrozenDate(this: unknown, ...args: unknown[]): unknown {
  // Called without `new`, Date answers the current time as a string.
  if (new.target === undefined) return new RealDate(FROZEN_AT).toString();
  return Reflect.construct(
    RealDate,
    args.length === 0 ? [FROZEN_AT] : (args as ConstructorParameters<DateConstructor>),
    new.target,
  );
}
FrozenDate.prototype = RealDate.prototype;
Object.defineProperties(FrozenDate, {
  now: { value: () => FROZEN_AT, writable: true, configurable: true },
  parse: { value: RealDate.parse, writable: true, configurable: true },
  UTC: { value: RealDate.UTC, writable: true, configurable: true },
});
// No path back to the real constructor: instances' `constructor` is the frozen one too.
Object.defineProperty(RealDate.prototype, 'constructor', {
  value: FrozenDate,
  writable: true,
  configurable: true,
});
Object.defineProperty(globalThis, 'Date', {
  value: FrozenDate,
  writable: true,
  configurable: true,
});

// Intl formats "now" when given no date; give it the frozen instant instead.
type Formatter = { format: (date?: unknown) => string; formatToParts: (date?: unknown) => unknown };
const formatterPrototype = Intl.DateTimeFormat.prototype as unknown as Formatter;
const formatGetter = Object.getOwnPropertyDescriptor(formatterPrototype, 'format')?.get;
if (formatGetter !== undefined) {
  Object.defineProperty(formatterPrototype, 'format', {
    configurable: true,
    get(this: Formatter) {
      const bound = formatGetter.call(this) as (date?: unknown) => string;
      return (date?: unknown) => bound(date === undefined ? FROZEN_AT : date);
    },
  });
}
const formatToParts = formatterPrototype.formatToParts;
Object.defineProperty(formatterPrototype, 'formatToParts', {
  configurable: true,
  writable: true,
  value(this: Formatter, date?: unknown) {
    return formatToParts.call(this, date === undefined ? FROZEN_AT : date);
  },
});
