import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  prepareMinimalRoot,
  ROOT_LAYOUT,
  SANDBOX_HOME,
  SYSTEM_DIRECTORIES,
} from '../../../src/sandbox/process/minimal-root.js';

const workdir = mkdtempSync(path.join(tmpdir(), 'apb-test-minimal-root-'));
afterAll(() => rmSync(workdir, { recursive: true, force: true }));
const interpreter = path.join(workdir, 'opt with space');
mkdirSync(interpreter);

prepareMinimalRoot({
  workdir,
  exposedPaths: [interpreter, '/nonexistent/python'],
  // One under an exposed directory (masked), one elsewhere (simply absent from the root).
  hiddenPaths: ['/usr/share', '/srv/pack'],
  scratchMb: 32,
  uid: 1_500_000_123,
});
const mounts = readFileSync(path.join(workdir, ROOT_LAYOUT.mountTable), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split(' '));
const root = path.join(workdir, ROOT_LAYOUT.root);
const skeleton = path.join(workdir, ROOT_LAYOUT.skeleton);
const target = (inside: string) => path.join(root, inside);

describe('prepareMinimalRoot', () => {
  it('mounts the new root as a tmpfs of its own', () => {
    expect(readFileSync(path.join(workdir, ROOT_LAYOUT.rootTable), 'utf8')).toBe(
      `agentproofbench-root ${root} tmpfs size=1m,mode=0755,nosuid 0 0\n`,
    );
  });

  it('shows the system directories read-only, and keeps symlinked ones as symlinks', () => {
    for (const dir of SYSTEM_DIRECTORIES) {
      let stat: ReturnType<typeof lstatSync>;
      try {
        stat = lstatSync(dir);
      } catch {
        continue;
      }
      if (stat.isSymbolicLink()) {
        expect(readlinkSync(path.join(skeleton, dir))).toBe(readlinkSync(dir));
      } else {
        expect(mounts).toContainEqual([dir, target(dir), 'none', 'bind,ro,nosuid,nodev', '0', '0']);
      }
    }
  });

  it('masks a hidden path under an exposed directory, and escapes whitespace in paths', () => {
    expect(mounts).toContainEqual([
      'agentproofbench-hidden',
      target('/usr/share'),
      'tmpfs',
      'ro,size=4k,mode=000',
      '0',
      '0',
    ]);
    expect(mounts.flat().some((field) => field.includes('/srv/pack'))).toBe(false);
    const escaped = interpreter.replaceAll(' ', '\\040');
    expect(mounts).toContainEqual([
      escaped,
      target(escaped),
      'none',
      'bind,ro,nosuid,nodev',
      '0',
      '0',
    ]);
    expect(mounts.flat().some((field) => field.includes('/nonexistent'))).toBe(false);
  });

  it('gives a private /proc hiding other users, a scratch tmpfs owned by the uid, and a two-line passwd', () => {
    expect(mounts).toContainEqual([
      'proc',
      target('/proc'),
      'proc',
      'hidepid=2,nosuid,nodev,noexec',
      '0',
      '0',
    ]);
    expect(mounts.at(-1)).toEqual([
      'agentproofbench-scratch',
      target(SANDBOX_HOME),
      'tmpfs',
      'size=32m,mode=0700,uid=1500000123,gid=1500000123,nosuid,nodev',
      '0',
      '0',
    ]);
    expect(readFileSync(path.join(skeleton, 'etc/passwd'), 'utf8')).toBe(
      'root:x:0:0::/:/usr/sbin/nologin\nsandbox:x:1500000123:1500000123::/tmp:/usr/sbin/nologin\n',
    );
    expect(
      mounts.filter(([source]) => source?.startsWith('/dev/')).map(([, , , options]) => options),
    ).toEqual(Array(5).fill('bind,nosuid'));
  });
});
