import { describe, expect, it } from 'vitest';
import {
  NO_NODE_SNAPSHOT,
  nodeHasStartupSnapshot,
  nodeSnapshotOff,
} from '../../../src/sandbox/isolate/node-snapshot.js';

describe('nodeSnapshotOff', () => {
  it('reads the flag from the command line or from NODE_OPTIONS', () => {
    expect(nodeSnapshotOff([NO_NODE_SNAPSHOT], undefined)).toBe(true);
    expect(
      nodeSnapshotOff(['--import', 'tsx'], `--max-old-space-size=4096 ${NO_NODE_SNAPSHOT}`),
    ).toBe(true);
    expect(nodeSnapshotOff(['--import', 'tsx'], undefined)).toBe(false);
    // A longer flag that merely starts with it is not it.
    expect(nodeSnapshotOff([], `${NO_NODE_SNAPSHOT}-extra`)).toBe(false);
  });
});

describe('nodeHasStartupSnapshot', () => {
  it('is true from Node 20 on', () => {
    expect(nodeHasStartupSnapshot('18.20.4')).toBe(false);
    expect(nodeHasStartupSnapshot('20.19.0')).toBe(true);
    expect(nodeHasStartupSnapshot('22.1.0')).toBe(true);
  });
});
