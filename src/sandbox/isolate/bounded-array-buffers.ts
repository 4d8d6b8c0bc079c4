// Evaluated inside the isolate before any of the verifier's code (guest.ts imports it).
// isolated-vm's memory limit counts what V8's ArrayBuffer allocator hands out, but V8 reserves
// and commits a resizable ArrayBuffer outside that allocator, so one could grow to gigabytes
// under any `memoryMb`. Each is therefore made together with a plain ArrayBuffer of its
// maximum length, which the allocator does count and which is kept until the evaluation ends
// (not merely as long as the buffer: then no transfer or collection can lose it): the limit
// covers every maximum the verifier asked for, and one it has no room for is refused with the
// allocator's own RangeError, recorded as `memory` like any other (docs/sandbox.md, "Own heap,
// own limits"). The plain buffer is never written: it costs address space, not memory.

// Captured before any verifier code runs, which could replace `Reflect` later.
const { construct } = Reflect;
const RealArrayBuffer = ArrayBuffer;

/** Every reservation of this evaluation, as a chain of object literals (no setter can intercept it). */
type Held = { readonly reservation: ArrayBuffer; readonly previous: Held | undefined };
let held: Held | undefined;

// No prototype: a trap the verifier put on Object.prototype (`get`) would otherwise be
// consulted, and would be handed the real constructor.
const handler = Object.create(null) as ProxyHandler<ArrayBufferConstructor>;
handler.construct = (target, args: unknown[], newTarget) => {
  const options = args[1];
  // Read and convert the option once: a getter or `valueOf` could answer a small maximum here
  // and a large one to V8.
  const maxByteLength =
    typeof options === 'object' && options !== null
      ? (options as { maxByteLength?: unknown }).maxByteLength
      : undefined;
  if (maxByteLength === undefined) return construct(target, [args[0]], newTarget) as object;
  const maximum = +(maxByteLength as number);
  const buffer = construct(target, [args[0], { maxByteLength: maximum }], newTarget) as object;
  held = { reservation: new RealArrayBuffer(maximum), previous: held };
  return buffer;
};
/** The real constructor behind a proxy, so its statics and prototype stay as they are. */
const BoundedArrayBuffer = new Proxy(ArrayBuffer, handler);
// Instances reach their constructor through the prototype: it must lead to the proxy too.
ArrayBuffer.prototype.constructor = BoundedArrayBuffer;
globalThis.ArrayBuffer = BoundedArrayBuffer;
