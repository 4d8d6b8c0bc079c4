import { evidenceReads } from '../reference/evidence-reads.js';
import type { DeclarativeReference } from '../schema/reference.js';
import type { Task } from '../schema/task.js';
import { exposedColumns } from '../services/read-exposure.js';
import { serviceReadExposure } from '../services/registry.js';
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
