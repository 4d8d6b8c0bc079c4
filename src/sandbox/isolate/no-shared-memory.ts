// Evaluated inside the isolate before any of the verifier's code (guest.ts imports it).
// `SharedArrayBuffer` does not exist for a verifier: it has no other thread to share memory
// with, and without shared memory `Atomics.waitAsync` refuses to wait (a TypeError). A wait
// with a timeout makes V8 ask the embedder for a delayed task, which isolated-vm answers by
// aborting the whole host process (std::terminate); one without a timeout stays pending after
// the evaluation, keeping its context and whatever it holds alive in a pooled isolate, where
// the next evaluation could detect it. A growable SharedArrayBuffer is also made outside the
// memory limit (see bounded-array-buffers.ts). WebAssembly, the other source of shared
// memory, is gone too (no-webassembly.ts). docs/sandbox.md, "Nothing outlives an evaluation".
Reflect.deleteProperty(globalThis, 'SharedArrayBuffer');
