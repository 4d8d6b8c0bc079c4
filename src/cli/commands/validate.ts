import { loadPack } from '../../pack/load.js';
import { formatJsonPath } from '../../pack/pack-error.js';
import { panelWarnings } from '../../pack/panel-warnings.js';
import { qualifyPack, type TaskQualification } from '../../pack/qualify.js';
import { resolvePackDir } from '../../pack/resolve.js';
import type { CliIO } from '../io.js';

export const validateHelp = `agentproofbench validate [pack] [--json]

Load a pack, validate every file, materialise every state and qualify every task:
the reference labels each outcome as declared, the witness behaves, background keeps
labels and the related condition changes what the reference reads. Warns (without
failing) about primary panels without a complete outcome or with fewer than two faults.
  pack     a folder holding pack.json, or a built-in pack name (default: builtin)
  --json   print a machine-readable result instead of lines
Exit code 0 when every task qualifies, 1 otherwise.`;

function describe(result: TaskQualification): string {
  const outcomes = result.labels.length;
  if (result.qualified)
    return `✓ ${result.task} qualified (${outcomes} outcomes labelled as declared)`;
  const lines = [`✗ ${result.task} not qualified:`];
  for (const problem of result.problems) {
    lines.push(`    - [${problem.code}] ${problem.message}`);
  }
  return lines.join('\n');
}

export async function validateCommand(
  args: { pack?: string; json: boolean },
  io: CliIO,
): Promise<number> {
  const dir = resolvePackDir(args.pack);
  const loaded = await loadPack(dir);
  if (!loaded.ok) {
    if (args.json) {
      io.out(
        JSON.stringify(
          {
            pack: dir,
            ok: false,
            errors: loaded.errors.map((error) => ({
              ...error,
              jsonPath: formatJsonPath(error.path),
            })),
            tasks: [],
          },
          null,
          2,
        ),
      );
    } else {
      io.error(`${dir}: ${loaded.errors.length} error(s) in the pack files`);
      for (const error of loaded.errors)
        io.error(`  ${error.file} ${formatJsonPath(error.path)}: ${error.message} (${error.code})`);
    }
    return 1;
  }
  const results = qualifyPack(loaded.pack);
  const warnings = loaded.pack.tasks.flatMap((task) => panelWarnings(task));
  const qualified = results.filter((result) => result.qualified).length;
  if (args.json) {
    io.out(
      JSON.stringify(
        {
          pack: dir,
          name: loaded.pack.manifest.name,
          version: loaded.pack.manifest.version,
          ok: qualified === results.length,
          errors: [],
          warnings,
          tasks: results,
        },
        null,
        2,
      ),
    );
  } else {
    io.out(`${loaded.pack.manifest.name} ${loaded.pack.manifest.version} (${dir})`);
    for (const result of results) io.out(describe(result));
    for (const warning of warnings) io.out(`! warning [${warning.code}] ${warning.message}`);
    io.out(`${qualified}/${results.length} tasks qualified`);
  }
  return qualified === results.length ? 0 : 1;
}
