import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fixtures.js';

/**
 * What the hostile fixtures go after: a pack directory with a secret reference (and another
 * checkout of it the run was not told about), files they try to write (outside the
 * verifier's own scratch), a TCP port and a world-writable Unix socket on the host that
 * count connections, and a secret in the host's environment. Their addresses reach the fixtures through `task.docs`, as an
 * attacker who knows the layout would have them.
 */
export interface AttackSurface {
  packDir: string;
  /** A second copy of the pack's reference (pack.json, tasks/) not in the run's hidden paths. */
  otherCheckout: string;
  /** A Unix-domain socket under /var/tmp, mode 0777. */
  unixSocket: string;
  secret: string;
  secretEnvName: string;
  readTargets: string[];
  writeTargets: string[];
  listenPort: number;
  /** Connections the TCP and Unix listeners accepted so far. */
  connections(): number;
  docs(): string;
  close(): Promise<void>;
}

export async function openAttackSurface(): Promise<AttackSurface> {
  const packDir = mkdtempSync(path.join(tmpdir(), 'apb-test-pack-'));
  const secret = 'label=invalid;reference=B3-status-must-stay-Dormant';
  writeFileSync(path.join(packDir, 'reference.json'), JSON.stringify({ secret }));
  const secretEnvName = 'AGENTPROOFBENCH_TEST_SECRET';
  const previousEnv = process.env[secretEnvName];
  process.env[secretEnvName] = secret;
  const checkoutDir = mkdtempSync(path.join(tmpdir(), 'apb-test-checkout-'));
  mkdirSync(path.join(checkoutDir, 'tasks'));
  writeFileSync(path.join(checkoutDir, 'pack.json'), '{}');
  const otherCheckout = path.join(checkoutDir, 'tasks', 'reference.json');
  writeFileSync(otherCheckout, JSON.stringify({ secret }));
  let accepted = 0;
  const count = (socket: { destroy(): void }) => {
    accepted += 1;
    socket.destroy();
  };
  const server: Server = createServer(count);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const unixSocket = path.join('/var/tmp', `apb-test-${randomBytes(4).toString('hex')}.sock`);
  const unixServer: Server = createServer(count);
  await new Promise<void>((resolve) => unixServer.listen(unixSocket, resolve));
  chmodSync(unixSocket, 0o777);
  const address = server.address();
  const listenPort = typeof address === 'object' && address !== null ? address.port : 0;
  const surface: AttackSurface = {
    packDir,
    otherCheckout,
    unixSocket,
    secret,
    secretEnvName,
    readTargets: [path.join(packDir, 'reference.json'), path.join(REPO_ROOT, 'package.json')],
    writeTargets: [
      path.join(packDir, 'planted.txt'),
      path.join(REPO_ROOT, 'planted-by-verifier.txt'),
      path.join('/var/tmp', 'apb-planted-by-verifier.txt'),
    ],
    listenPort,
    connections: () => accepted,
    docs: () =>
      JSON.stringify({
        readTargets: surface.readTargets,
        writeTargets: surface.writeTargets,
        listenPort,
        unixSocket,
        otherCheckout,
      }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => unixServer.close(() => resolve()));
      rmSync(packDir, { recursive: true, force: true });
      rmSync(checkoutDir, { recursive: true, force: true });
      if (previousEnv === undefined) delete process.env[secretEnvName];
      else process.env[secretEnvName] = previousEnv;
    },
  };
  return surface;
}
