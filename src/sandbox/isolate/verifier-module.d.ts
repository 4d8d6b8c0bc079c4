// The verifier module, substituted by the bundler (see bundle.ts) when the guest is built.
declare module 'agentproofbench:verifier' {
  const exports: Record<string, unknown>;
  export = exports;
}
