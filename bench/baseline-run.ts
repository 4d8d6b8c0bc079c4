// `agentproofbench run` with the baseline project (baseline-project.ts), for section 7 of
// `npm run bench`: node --no-node-snapshot --import tsx bench/baseline-run.ts <run's options>.
import { parseArgs } from 'node:util';
import { type RunArgs, runCommand } from '../src/cli/commands/run.js';
import { processIO } from '../src/cli/io.js';
import { baselineProject } from './baseline-project.js';

const text = { type: 'string' } as const;
// `run` first, as the CLI takes it.
const { values } = parseArgs({
  allowPositionals: true,
  options: {
    verifier: text,
    pack: text,
    json: text,
    isolation: text,
    concurrency: text,
    task: { type: 'string', multiple: true },
  },
});
process.exitCode = await runCommand(values as RunArgs, processIO, process.cwd(), baselineProject);
