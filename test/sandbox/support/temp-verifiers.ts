import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Verifier files written for one test (e.g. to change a helper between runs); removed by `remove`. */
export function tempVerifierDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-test-verifiers-'));
  return {
    dir,
    write(name: string, source: string): string {
      const file = path.join(dir, name);
      writeFileSync(file, source);
      return file;
    },
    remove(): void {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
