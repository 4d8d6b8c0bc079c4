import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import {
  NO_NODE_SNAPSHOT,
  nodeHasStartupSnapshot,
  nodeSnapshotOff,
} from '../sandbox/isolate/node-snapshot.js';

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Whether the CLI must start again with Node's startup snapshot off before it does anything. */
export function needsRelaunch(): boolean {
  return nodeHasStartupSnapshot() && !nodeSnapshotOff();
}

/**
 * Run this same CLI again in a child Node with `--no-node-snapshot` (isolated-vm's requirement
 * on Node 20 and later, docs/sandbox.md "Node's startup snapshot"): a shebang cannot pass the
 * flag portably, and `node bin.js` cannot be relied on to. The child inherits the terminal;
 * a signal sent to this process alone goes on to the child (which stops its own children,
 * stop-on-signal.ts); the exit status is the child's.
 */
export function relaunchWithoutNodeSnapshot(argv: readonly string[]): Promise<number> {
  const script = process.argv[1] ?? '';
  const child = spawn(process.execPath, [...process.execArgv, NO_NODE_SNAPSHOT, script, ...argv], {
    stdio: 'inherit',
  });
  const forward = (signal: NodeJS.Signals) => {
    child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  return new Promise((resolve) => {
    child.once('error', (error) => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
      process.stderr.write(
        `agentproofbench: could not start node ${NO_NODE_SNAPSHOT}: ${error.message}\n`,
      );
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}
