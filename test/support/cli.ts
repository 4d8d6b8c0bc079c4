import type { CliIO } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';

/** Collects what a command writes, for commands called with an explicit IO. */
export function collectIO(): { io: CliIO; out: string[]; error: string[] } {
  const out: string[] = [];
  const error: string[] = [];
  return { io: { out: (text) => out.push(text), error: (text) => error.push(text) }, out, error };
}

/** Run the CLI in-process; what it printed joined by lines, and its exit code. */
export async function runCliCaptured(
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  const { io, out, error } = collectIO();
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: error.join('\n') };
}
