/** Where a command writes; tests pass collectors, the binary passes the process streams. */
export interface CliIO {
  out(text: string): void;
  error(text: string): void;
}

export const processIO: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  error: (text) => process.stderr.write(`${text}\n`),
};
