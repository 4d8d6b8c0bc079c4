// Evaluated inside the isolate before any of the verifier's code (guest.ts imports it).
// isolated-vm's memory limit counts what V8's ArrayBuffer allocator hands out, but V8 reserves
// and commits a resizable ArrayBuffer (or a growable SharedArrayBuffer) outside that allocator,
// so one could grow to gigabytes under any `memoryMb`. Each is therefore made together with a
// plain ArrayBuffer of its maximum length, which the allocator does count and which lives
// exactly as long as it (a WeakMap entry): the limit then covers the maximum the buffer may
// grow to, and a maximum it has no room for is refused with the allocator's own RangeError,
// recorded as `memory` like any other (docs/sandbox.md, "Own heap, own limits"). The plain
// buffer is never written: it costs address space, not memory.

// Captured before any verifier code runs: it could replace `Function.prototype.call`,
// `WeakMap.prototype.set` or `Reflect` later, but not these references.
const { apply, construct } = Reflect;
const RealArrayBuffer = ArrayBuffer;
const reservations = new WeakMap<object, ArrayBuffer>();
const reserve = WeakMap.prototype.set;

/** The constructor the verifier sees: the real one behind a proxy, so its statics and prototype stay as they are. */
function bounded<C extends ArrayBufferConstructor | SharedArrayBufferConstructor>(real: C): C {
  // No prototype: a trap the verifier put on Object.prototype (`get`) would otherwise be
  // consulted, and would be handed the real constructor.
  const handler = Object.create(null) as ProxyHandler<C>;
  handler.construct = (target, args: unknown[], newTarget) => {
    const options = args[1];
    // Read and convert the option once: a getter or `valueOf` could answer a small maximum
    // here and a large one to V8.
    const maxByteLength =
      typeof options === 'object' && options !== null
        ? (options as { maxByteLength?: unknown }).maxByteLength
        : undefined;
    if (maxByteLength === undefined) return construct(target, [args[0]], newTarget) as object;
    const maximum = +(maxByteLength as number);
    const buffer = construct(target, [args[0], { maxByteLength: maximum }], newTarget) as object;
    apply(reserve, reservations, [buffer, new RealArrayBuffer(maximum)]);
    return buffer;
  };
  const proxy = new Proxy(real, handler);
  // Instances reach their constructor through the prototype: it must lead to the proxy too.
  Object.defineProperty(real.prototype, 'constructor', {
    value: proxy,
    writable: true,
    configurable: true,
  });
  return proxy;
}

Object.defineProperty(globalThis, 'ArrayBuffer', {
  value: bounded(ArrayBuffer),
  writable: true,
  configurable: true,
});
Object.defineProperty(globalThis, 'SharedArrayBuffer', {
  value: bounded(SharedArrayBuffer),
  writable: true,
  configurable: true,
});
