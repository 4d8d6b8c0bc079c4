// Evaluated inside the isolate before any of the verifier's code (guest.ts imports it).
// Garbage collection is the one thing the contexts of a pooled isolate share: a WeakRef
// could observe when earlier evaluations' garbage is collected, and a FinalizationRegistry
// callback could run during a later evaluation. Neither exists for a verifier, in either
// isolation mode, so the modes give the same records (docs/sandbox.md).
for (const name of ['WeakRef', 'FinalizationRegistry']) Reflect.deleteProperty(globalThis, name);
