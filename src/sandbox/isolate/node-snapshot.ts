/**
 * isolated-vm on Node 20 and later needs Node's own startup snapshot off (`--no-node-snapshot`,
 * isolated-vm's README): V8 shares read-only heap data between isolates, and isolates built
 * from different snapshots in one process can crash it, typically at exit after a complete
 * result (docs/sandbox.md, "Node's startup snapshot"). Every process this package starts to
 * host isolates passes the flag; a process started otherwise gets one warning that says how.
 */
export const NO_NODE_SNAPSHOT = '--no-node-snapshot';

/** The warning's code, as `process.emitWarning` reports it. */
export const NODE_SNAPSHOT_WARNING = 'APB_NODE_SNAPSHOT';

/** Whether this process runs with Node's startup snapshot off (flag or NODE_OPTIONS). */
export function nodeSnapshotOff(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): boolean {
  if (execArgv.includes(NO_NODE_SNAPSHOT)) return true;
  return (nodeOptions ?? '').split(/\s+/).includes(NO_NODE_SNAPSHOT);
}

/** Whether this Node has a startup snapshot that the flag must turn off (20 and later). */
export function nodeHasStartupSnapshot(version: string = process.versions.node): boolean {
  return Number(version.split('.')[0]) >= 20;
}

let warned = false;

/** Warn once per process when isolates are about to be created with the snapshot on. */
export function warnIfNodeSnapshotOn(): void {
  if (warned || !nodeHasStartupSnapshot() || nodeSnapshotOff()) return;
  warned = true;
  process.emitWarning(
    `isolated-vm needs Node's startup snapshot off on Node ${process.versions.node}: run node with ${NO_NODE_SNAPSHOT} (or NODE_OPTIONS=${NO_NODE_SNAPSHOT}); without it the process can crash with SIGSEGV, usually at exit. The agentproofbench CLI and Vitest project pass it; a Vitest project using the threads pool cannot.`,
    { code: NODE_SNAPSHOT_WARNING },
  );
}
