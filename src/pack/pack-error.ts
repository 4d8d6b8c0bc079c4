import { AgentProofBenchError } from '../contract/error.js';

/** Stable codes for what can be wrong with a pack on disk. */
export type PackErrorCode =
  | 'missing_file'
  /** a folder, symbolic link, device or a name that leaves the pack: refused without reading */
  | 'not_a_file'
  /** over a size, length or nesting limit (docs/pack-format.md, "Limits and refusals") */
  | 'too_large'
  /** not UTF-8, or a byte order mark */
  | 'encoding'
  | 'invalid_json'
  /** one object holds the same member twice */
  | 'duplicate_json_key'
  | 'schema'
  | 'unknown_seed'
  | 'service_mismatch'
  | 'unknown_table'
  /** a seed row lacks (or nulls) a primary-key column */
  | 'bad_key'
  /** two seed rows of a table share a primary key */
  | 'duplicate_primary_key'
  | 'patch'
  /** an inserted row lacks columns every seed row of its table has */
  | 'incomplete_row'
  | 'duplicate_id'
  | 'unknown_outcome'
  | 'unknown_task'
  /** a recorded start point names a condition its task does not declare */
  | 'unknown_condition'
  /** a reference names a selector or binding that is not in scope where it is used */
  | 'unknown_binding'
  /** a `regex` (or an imported pattern) that cannot be compiled */
  | 'invalid_pattern'
  /** the pack has no task at all */
  | 'no_tasks'
  /** a state breaks a service invariant: the real service could not hold it (`rule` names which) */
  | 'invariant'
  /** a seed lacks a table or column the service's replica reads */
  | 'missing_table'
  | 'missing_column'
  /** one of a state's API calls is refused by the service (the message carries its error) */
  | 'call_refused'
  /** a `{{N.path}}` in a call names no earlier call or nothing in its response */
  | 'call_reference'
  /** a state is written as calls but pack.json declares no `calls` clock */
  | 'no_call_clock'
  /** a state is written as calls for a service that has no write model yet */
  | 'no_write_model'
  /** a state has both `calls` and `patch`, and they differ */
  | 'calls_disagree'
  /** the write model failed on a call (threw, or wrote row changes that do not apply) */
  | 'write_model'
  /** `validate --strict`: a non-natural state written only as a patch */
  | 'not_derived_from_calls';

/** A problem with a pack, as data (formatting is separate): which file, where in it, what was expected. */
export interface PackError {
  /** Path of the file, relative to the pack folder. */
  file: string;
  /** JSON path inside the file, e.g. `["outcomes", "related", 2, "patch", 0]`. */
  path: Array<string | number>;
  code: PackErrorCode;
  message: string;
  /** The service invariant broken, e.g. `box.unique-name-in-folder` (code `invariant`). */
  rule?: string;
  /** How to fix it, one line, when the message alone does not say. */
  fix?: string;
}

/** `$.outcomes.related[2].patch[0]` */
export function formatJsonPath(path: ReadonlyArray<string | number>): string {
  return `$${path.map((part) => (typeof part === 'number' ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`)).join('')}`;
}

/** One error: `tasks/linear_52.json $.outcomes.related[2].patch[0]: message (code)`, then its fix line if any. */
export function formatPackError(error: PackError): string {
  const line = `${error.file} ${formatJsonPath(error.path)}: ${error.message} (${error.code})`;
  return error.fix ? `${line}\n    fix: ${error.fix}` : line;
}

/** One entry per error (see formatPackError). */
export function formatPackErrors(errors: readonly PackError[]): string {
  return errors.map(formatPackError).join('\n');
}

/** Thrown by APIs that cannot return a partial pack; carries every error, not only the first. */
export class PackLoadError extends AgentProofBenchError {
  readonly errors: PackError[];
  constructor(dir: string, errors: PackError[]) {
    super(
      'APB_PACK_INVALID',
      `pack ${dir} has ${errors.length} error(s):\n${formatPackErrors(errors)}`,
      {
        fix: `correct each file at the JSON path named, then run \`agentproofbench validate ${dir}\``,
      },
    );
    this.name = 'PackLoadError';
    this.errors = errors;
  }
}
