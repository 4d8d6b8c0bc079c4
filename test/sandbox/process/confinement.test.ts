import { describe, expect, it } from 'vitest';
import {
  type Confinement,
  describeConfinement,
  planLaunch,
  probeConfinement,
  READY_LINE,
  SANDBOX_HOME,
} from '../../../src/sandbox/process/confinement.js';

const request = {
  command: 'python3',
  args: ['runner.py', 'verifier.py'],
  workdir: '/tmp/w',
  hiddenPaths: ['/srv/pack', '/srv/repo'],
  exposedPaths: ['/opt/python'],
  memoryMb: 64,
  scratchMb: 32,
  uid: 1_500_000_123,
  cgroupProcs: ['/sys/fs/cgroup/memory/e/cgroup.procs', '/sys/fs/cgroup/pids/e/cgroup.procs'],
};
const none: Confinement = {
  namespaces: false,
  unprivileged: false,
  addressSpaceLimit: false,
  cgroups: false,
  parentDeathSignal: false,
  closesDescriptors: false,
  keyrings: false,
};
const full: Confinement = {
  namespaces: true,
  unprivileged: true,
  addressSpaceLimit: true,
  cgroups: true,
  parentDeathSignal: true,
  closesDescriptors: true,
  keyrings: true,
};

describe('planLaunch', () => {
  it('runs the command directly when no measure is available', () => {
    expect(planLaunch(none, request)).toEqual({
      file: 'python3',
      args: ['runner.py', 'verifier.py'],
      announcesReady: false,
    });
  });

  it('wraps the command in prlimit with the memory limit in bytes', () => {
    expect(planLaunch({ ...none, addressSpaceLimit: true }, request)).toEqual({
      file: 'prlimit',
      args: ['--as=67108864', '--', 'python3', 'runner.py', 'verifier.py'],
      announcesReady: false,
    });
  });

  it('without namespaces: the death signal, then the bash prelude that joins the cgroups and closes descriptors', () => {
    const plan = planLaunch(
      { ...none, parentDeathSignal: true, closesDescriptors: true, cgroups: true },
      request,
    );
    expect([plan.file, ...plan.args.slice(0, 5)]).toEqual([
      'setpriv',
      '--pdeathsig',
      'KILL',
      '--',
      '/bin/bash',
      '-c',
    ]);
    const script = plan.args[5] ?? '';
    expect(script).toContain('exec {fd}>&-');
    expect(script).toContain(`echo ${READY_LINE}`);
    expect(plan.args.slice(6)).toEqual([
      'agentproofbench-sandbox',
      '2',
      ...request.cgroupProcs,
      'python3',
      'runner.py',
      'verifier.py',
    ]);
    expect(plan.announcesReady).toBe(true);
  });

  it('with namespaces: unshare, then the setup script with its arguments, then setpriv, prlimit and the command', () => {
    const plan = planLaunch(full, request);
    expect([plan.file, ...plan.args.slice(0, 3)]).toEqual(['setpriv', '--pdeathsig', 'KILL', '--']);
    const unshare = plan.args.slice(3, plan.args.indexOf('/bin/bash'));
    expect(unshare).toEqual([
      'unshare',
      '--net',
      '--mount',
      '--pid',
      '--ipc',
      '--uts',
      '--cgroup',
      '--fork',
      '--kill-child',
      '--mount-proc',
      '--',
    ]);
    const afterScript = plan.args.slice(plan.args.indexOf('agentproofbench-sandbox') + 1);
    expect(afterScript).toEqual([
      '2',
      ...request.cgroupProcs,
      'setpriv',
      '--reuid=1500000123',
      '--regid=1500000123',
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--no-new-privs',
      '--',
      'prlimit',
      '--as=67108864',
      '--nproc=64',
      '--',
      'python3',
      'runner.py',
      'verifier.py',
    ]);
    const script = plan.args[plan.args.indexOf('-c') + 1] ?? '';
    expect(script).toContain('mount --all --fstab "$PWD/mounts.fstab"');
    expect(script).toContain('pivot_root . .');
    expect(script).toContain('umount -l .');
    expect(script).toContain('mount -o remount,ro /');
    expect(script).toContain(`cd ${SANDBOX_HOME}`);
  });
});

describe('describeConfinement', () => {
  it('claims only the measures in force and lists the others as missing', () => {
    const bare = describeConfinement(none);
    expect(bare.measures).toContain('process-group-kill');
    expect(bare.measures).not.toContain('network-namespace');
    expect(bare.missing).toEqual(
      expect.arrayContaining([
        'memory-limit',
        'network-namespace',
        'unprivileged-uid',
        'cpu-quota',
        'session-keyring-per-evaluation',
        'keyring-calls-filtered',
      ]),
    );
    const described = describeConfinement(full);
    expect(described.measures).toEqual(
      expect.arrayContaining([
        'memory-limit',
        'network-namespace',
        'pid-namespace-kills-orphans',
        'mount-namespace-hides-pack',
        'read-only-root',
        'unprivileged-uid',
        'process-count-limit',
        'minimal-root-filesystem',
        'evaluation-memory-cgroup',
        'evaluation-process-cgroup',
        'inherited-descriptors-closed',
        'killed-with-host',
        'session-keyring-per-evaluation',
        'keyring-calls-filtered',
      ]),
    );
    expect(described.missing).toEqual(['cpu-quota']);
    expect(described.measures.filter((measure) => described.missing.includes(measure))).toEqual([]);
    // Without a cgroup the memory of the whole process tree is still measured.
    expect(bare.measures).toContain('evaluation-memory-watch');
  });
});

describe('probeConfinement', () => {
  it('finds a consistent set of measures on this machine (unprivileged needs namespaces)', async () => {
    const found = await probeConfinement();
    expect(found.unprivileged && !found.namespaces).toBe(false);
    if (process.getuid?.() !== 0) expect(found.namespaces || found.cgroups).toBe(false);
  });
});
