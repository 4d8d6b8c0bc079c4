import type { z } from 'zod';
import { parseJsonText, textPosition } from './json-text.js';
import { PACK_LIMITS } from './limits.js';
import type { PackFiles } from './pack-file.js';

type Issue = z.core.$ZodIssue;

/**
 * A failed union says only "Invalid input"; report instead the issues of the branch that
 * came closest (fewest issues), so the user learns which field is wrong.
 */
function specificIssues(
  issues: readonly Issue[],
  prefix: PropertyKey[],
): Array<{ path: PropertyKey[]; message: string }> {
  return issues.flatMap((issue) => {
    const at = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Fewest issues first; on a tie the branch whose issues reach deepest (a refinement on
      // a field beats "not one of the enum's values" at the union itself).
      const depth = (branch: readonly Issue[]) => Math.max(...branch.map((one) => one.path.length));
      const closest = [...issue.errors].sort(
        (a, b) => a.length - b.length || depth(b) - depth(a),
      )[0]!;
      return specificIssues(closest, at);
    }
    return [{ path: at, message: issue.message }];
  });
}

/**
 * Read a JSON file of the pack and validate it with a schema; every problem becomes a
 * PackError with the file, JSON path and (for text problems) line and column. Returns
 * undefined when the file cannot be used.
 */
export async function readJsonFile<T extends z.ZodType>(
  files: PackFiles,
  file: string,
  schema: T,
  maxBytes: number,
): Promise<z.infer<T> | undefined> {
  const { errors } = files;
  const text = await files.text(file, maxBytes);
  if (text === undefined) return undefined;
  const reading = parseJsonText(text, PACK_LIMITS);
  if (!reading.ok) {
    for (const problem of reading.problems) {
      errors.push({
        file,
        path: problem.path,
        code:
          problem.kind === 'syntax'
            ? 'invalid_json'
            : problem.kind === 'duplicate_key'
              ? 'duplicate_json_key'
              : 'too_large',
        message: `${problem.kind === 'syntax' ? 'malformed JSON: ' : ''}${problem.message} (${textPosition(text, problem.offset)})`,
      });
    }
    return undefined;
  }
  const parsed = schema.safeParse(reading.value);
  if (!parsed.success) {
    for (const issue of specificIssues(parsed.error.issues, [])) {
      errors.push({
        file,
        path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
        code: 'schema',
        message: issue.message,
      });
    }
    return undefined;
  }
  return parsed.data;
}
