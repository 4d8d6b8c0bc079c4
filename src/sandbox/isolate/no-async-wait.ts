// Evaluated inside the isolate before any of the verifier's code (guest.ts imports it).
// `Atomics.waitAsync` does not exist for a verifier, in either isolation mode: with a timeout,
// V8 asks the embedder to run a delayed task, which isolated-vm answers by aborting the whole
// host process (std::terminate); without one, the pending wait keeps a finished evaluation's
// context and whatever it holds alive in a pooled isolate, where the next evaluation could
// detect it (docs/sandbox.md, "Nothing outlives an evaluation").
Reflect.deleteProperty(Atomics, 'waitAsync');
