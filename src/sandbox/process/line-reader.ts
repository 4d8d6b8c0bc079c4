import type { Readable } from 'node:stream';

/**
 * Split a stream into `\n`-terminated lines like `readline`, but refuse a line longer
 * than `maxBytes` instead of buffering it without bound (a verifier writing one endless
 * line must not exhaust the host's memory). After an overflow nothing more is delivered.
 */
export function readLines(
  stream: Readable,
  maxBytes: number,
  onLine: (line: string) => void,
  onOverflow: () => void,
): void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let stopped = false;
  stream.on('data', (chunk: Buffer) => {
    let start = 0;
    for (
      let newline = chunk.indexOf(10);
      newline !== -1 && !stopped;
      newline = chunk.indexOf(10, start)
    ) {
      pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(pending).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = newline + 1;
      onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    if (stopped || start >= chunk.length) return;
    pendingBytes += chunk.length - start;
    if (pendingBytes > maxBytes) {
      stopped = true;
      pending = [];
      onOverflow();
      return;
    }
    pending.push(chunk.subarray(start));
  });
}
