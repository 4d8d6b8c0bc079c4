import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { PackError } from './pack-error.js';

/** Line and column of a character offset, for JSON syntax errors. */
function position(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

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
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]!;
      return specificIssues(closest, at);
    }
    return [{ path: at, message: issue.message }];
  });
}

/**
 * Read a JSON file and validate it with a schema; every problem becomes a PackError with
 * the file and JSON path. Returns undefined when the file cannot be used.
 */
export async function readJsonFile<T extends z.ZodType>(
  packDir: string,
  file: string,
  schema: T,
  errors: PackError[],
): Promise<z.infer<T> | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(packDir, file), 'utf8');
  } catch {
    errors.push({
      file,
      path: [],
      code: 'missing_file',
      message: `file not found (expected ${file} in the pack folder)`,
    });
    return undefined;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const match = /position (\d+)/.exec(message);
    errors.push({
      file,
      path: [],
      code: 'invalid_json',
      message: `malformed JSON: ${message}${match ? ` (${position(text, Number(match[1]))})` : ''}`,
    });
    return undefined;
  }
  const parsed = schema.safeParse(data);
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
