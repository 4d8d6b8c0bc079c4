import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fixtures.js';

/**
 * What the hostile fixtures go after: a pack directory with a secret reference, files
 * they try to write (outside the verifier's own scratch), a TCP port on the host that counts connections, and a secret in
 * the host's environment. Their addresses reach the fixtures through `task.docs`, as an
 * attacker who knows the layout would have them.
 */
export interface AttackSurface {
  packDir: string;
  secret: string;
  secretEnvName: string;
  readTargets: string[];
  writeTargets: string[];
  listenPort: number;
  /** Connections the listener accepted so far. */
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
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const listenPort = typeof address === 'object' && address !== null ? address.port : 0;
  const surface: AttackSurface = {
    packDir,
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
      }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(packDir, { recursive: true, force: true });
      if (previousEnv === undefined) delete process.env[secretEnvName];
      else process.env[secretEnvName] = previousEnv;
    },
  };
  return surface;
}
