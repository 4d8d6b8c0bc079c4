import { columnOfField, evidenceReads } from '../reference/evidence-reads.js';
import type { ReferenceResult } from '../reference/outcome.js';
import type { Check, DeclarativeReference } from '../schema/reference.js';
import type { Task } from '../schema/task.js';
import { exposedColumns } from '../services/read-exposure.js';
import { serviceReadExposure } from '../services/registry.js';
import { diffStates } from '../state/diff.js';
import { keyString } from '../state/key.js';
import type { State } from '../state/state.js';
import { formatJsonPath } from './pack-error.js';

/** A table or column a reference reads that no read operation of its service serves. */
export interface UnreadableEvidence {
  /** The task file, relative to the pack folder. */
  file: string;
  /** JSON path in the task file, e.g. `["reference", "selectors", "priya", "where", "display_name"]`. */
  path: Array<string | number>;
  table: string;
  column?: string;
  message: string;
  fix: string;
}

/**
 * Evidence is public (docs/pack-format.md): every column a declarative reference reads is
 * served by some read operation of the service, and every table it counts, deletes from or
 * keeps unchanged is served at all. Other reference kinds (imported Agent-Diff assertions)
 * are the source benchmark's own and are not checked here.
 */
export function unreadableEvidence(task: Task): UnreadableEvidence[] {
  if (task.reference.kind !== 'declarative') return [];
  const exposed = exposedColumns(serviceReadExposure(task.service));
  const file = `tasks/${task.id}.json`;
  const problems: UnreadableEvidence[] = [];
  const seen = new Set<string>();
  for (const read of evidenceReads(task.reference as DeclarativeReference)) {
    const columns = exposed.get(read.table);
    const path = ['reference', ...read.path];
    const served = columns !== undefined && columns.size > 0;
    if (read.column === undefined ? served : served && columns.has(read.column)) continue;
    const what = read.column === undefined ? `table ${read.table}` : `${read.table}.${read.column}`;
    const key = `${formatJsonPath(path)} ${what}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const servedColumns = served ? [...columns].sort().join(', ') : 'none';
    problems.push({
      file,
      path,
      table: read.table,
      ...(read.column === undefined ? {} : { column: read.column }),
      message: `${file} ${formatJsonPath(path)} reads ${what}, which no ${task.service} read operation serves to the actor (served columns of ${read.table}: ${servedColumns})`,
      fix:
        read.column === undefined
          ? `check only tables the ${task.service} API lists (docs/replicas.md), or drop ${read.table} from this check`
          : `resolve the entity through a column the ${task.service} API serves (docs/replicas.md lists them per operation), e.g. an id, name or address the actor can read`,
    });
  }
  return problems;
}

/**
 * An outcome the reference rejects only through `unchanged` checks, when every change those
 * checks see is to a column no read operation serves: the actor could not tell it from the
 * before-state, so the label rests on invisible evidence (docs/pack-format.md, "Evidence is
 * public"). `unchanged` itself still compares every column; this keeps its verdicts
 * honest without moving any label.
 */
export function invisibleRejection(
  task: Task,
  outcomePath: Array<string | number>,
  before: State,
  after: State,
  result: ReferenceResult,
): UnreadableEvidence | undefined {
  if (task.reference.kind !== 'declarative' || result.label !== 'invalid') return undefined;
  const failing = result.checks.filter((check) => !check.ok);
  if (failing.length === 0 || failing.some((check) => check.kind !== 'unchanged')) return undefined;
  const reference = task.reference as DeclarativeReference;
  const exposed = exposedColumns(serviceReadExposure(task.service));
  const hidden = new Set<string>();
  for (const failed of failing) {
    const check = reference.checks.find(
      (candidate): candidate is Extract<Check, { kind: 'unchanged' }> =>
        candidate.kind === 'unchanged' && candidate.name === failed.name,
    );
    if (!check) return undefined;
    const diff = diffStates(before, after, {
      tables: check.tables,
      ignoreFields: [...reference.ignoreFields, ...check.ignoreFields],
    });
    // The rows the check objected to (its evidence); rows its `except` allows do not count.
    for (const stray of failed.evidence.rows ?? []) {
      const keyColumns = after.keyColumns(stray.table);
      const key = keyString(keyColumns, stray.key);
      const changes = diff[stray.table];
      const update = changes?.updates.find((row) => keyString(keyColumns, row.key) === key);
      if (!update) return undefined; // an inserted or deleted row of a served table is visible
      for (const field of update.fields) {
        if (exposed.get(stray.table)?.has(columnOfField(field))) return undefined;
        hidden.add(`${stray.table}.${field}`);
      }
    }
  }
  if (hidden.size === 0) return undefined;
  const file = `tasks/${task.id}.json`;
  const columns = [...hidden].sort().join(', ');
  return {
    file,
    path: outcomePath,
    table: [...hidden][0]?.split('.')[0] ?? '',
    message: `${file} ${formatJsonPath(outcomePath)} is rejected only by ${failing.map((check) => `"${check.name}"`).join(', ')}, and the only changes it sees are to ${columns}, which no ${task.service} read operation serves`,
    fix: 'let the outcome also change something the actor can read, or ignore these columns in the unchanged check (ignoreFields)',
  };
}
