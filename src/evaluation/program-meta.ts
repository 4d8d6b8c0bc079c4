import { existsSync, readFileSync } from 'node:fs';
import { AgentProofBenchError } from '../contract/error.js';
import { type ProgramMeta, ProgramMetaSchema } from '../schema/program-meta.js';

/** A sidecar that exists but cannot be used: names the file, the JSON path and what was expected. */
export class ProgramMetaError extends AgentProofBenchError {
  constructor(file: string, problem: string) {
    super('APB_PROGRAM_META', `${file} ${problem}`, {
      fix: 'correct the file (e.g. { "builtOn": "source", "constructionCost": 0.28 }) or delete it',
    });
    this.name = 'ProgramMetaError';
  }
}

/** Where a program's sidecar lives: `<file>.meta.json` next to the module (`linear_52.ts.meta.json`). */
export const programMetaPath = (module: string) => `${module}.meta.json`;

/** The sidecar of a program module, or an empty record when it has none. */
export function readProgramMeta(module: string): ProgramMeta {
  const file = programMetaPath(module);
  if (!existsSync(file)) return {};
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ProgramMetaError(file, `is not JSON (${(error as Error).message})`);
  }
  const parsed = ProgramMetaSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ProgramMetaError(
      file,
      `$${issue.path.map((p) => `.${String(p)}`).join('')}: ${issue.message}`,
    );
  }
  return parsed.data;
}
