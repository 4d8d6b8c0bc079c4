import { describe, expect, it } from 'vitest';
import {
  type Confinement,
  describeConfinement,
  planLaunch,
  probeConfinement,
  SANDBOX_HOME,
} from '../../../src/sandbox/process/confinement.js';

const request = {
  command: 'python3',
  args: ['runner.py', 'verifier.py'],
  workdir: '/tmp/w',
  hiddenPaths: ['/srv/pack', '/srv/repo'],
  memoryMb: 64,
  scratchMb: 32,
  uid: 65534,
};
const none: Confinement = { namespaces: false, unprivileged: false, addressSpaceLimit: false };

describe('planLaunch', () => {
  it('runs the command directly when no measure is available', () => {
    expect(planLaunch(none, request)).toEqual({
      file: 'python3',
      args: ['runner.py', 'verifier.py'],
    });
  });

  it('wraps the command in prlimit with the memory limit in bytes', () => {
    expect(planLaunch({ ...none, addressSpaceLimit: true }, request)).toEqual({
      file: 'prlimit',
      args: ['--as=67108864', '--', 'python3', 'runner.py', 'verifier.py'],
    });
  });

  it('with namespaces: unshare, then the setup script with its arguments, then setpriv, prlimit and the command', () => {
    const plan = planLaunch(
      { namespaces: true, unprivileged: true, addressSpaceLimit: true },
      request,
    );
    expect(plan.file).toBe('unshare');
    expect(plan.args.slice(0, 7)).toEqual([
      '--net',
      '--mount',
      '--pid',
      '--fork',
      '--kill-child',
      '--mount-proc',
      '--',
    ]);
    const afterScript = plan.args.slice(plan.args.indexOf('agentproofbench-sandbox') + 1);
    expect(afterScript).toEqual([
      '32',
      '65534',
      '2',
      '/srv/pack',
      '/srv/repo',
      'setpriv',
      '--reuid=65534',
      '--regid=65534',
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
    expect(script).toContain(`mount --move "$PWD/scratch" ${SANDBOX_HOME}`);
    expect(script).toContain('mount -o remount,bind,ro /');
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
      ]),
    );
    const full = describeConfinement({
      namespaces: true,
      unprivileged: true,
      addressSpaceLimit: true,
    });
    expect(full.measures).toEqual(
      expect.arrayContaining([
        'memory-limit',
        'network-namespace',
        'pid-namespace-kills-orphans',
        'mount-namespace-hides-pack',
        'read-only-root',
        'unprivileged-uid',
        'process-count-limit',
      ]),
    );
    expect(full.missing).toEqual(['cpu-quota']);
    expect(full.measures.filter((measure) => full.missing.includes(measure))).toEqual([]);
  });
});

describe('probeConfinement', () => {
  it('finds a consistent set of measures on this machine (unprivileged needs namespaces)', async () => {
    const found = await probeConfinement();
    expect(found.unprivileged && !found.namespaces).toBe(false);
    if (process.getuid?.() !== 0) expect(found.namespaces).toBe(false);
  });
});
