// Evaluated inside the isolate before any of the verifier's code (guest.ts imports it).
// `WebAssembly` does not exist for a verifier: V8 reserves and commits a wasm memory outside
// the allocator that isolated-vm's memory limit counts, so a module could touch gigabytes
// under any `memoryMb`, and its asynchronous compilation would run as tasks that outlive the
// evaluation (docs/sandbox.md, "Own heap, own limits").
Reflect.deleteProperty(globalThis, 'WebAssembly');
