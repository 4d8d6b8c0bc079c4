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
    errors.push({ file, path: [], code: 'missing_file', message: `file not found (expected ${file} in the pack folder)` });
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
    for (const issue of parsed.error.issues) {
      errors.push({ file, path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)), code: 'schema', message: issue.message });
    }
    return undefined;
  }
  return parsed.data;
}
