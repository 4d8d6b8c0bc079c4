import { normalizeLegacyDiffSpec } from '../../../reference/legacy-diff/spec.js';
import type { Task } from '../../../schema/task.js';
import { exposedColumns } from '../../../services/read-exposure.js';
import { serviceReadExposure } from '../../../services/registry.js';

/**
 * Columns the task's Agent-Diff assertions read that no read operation of the replica serves
 * (docs/agent-diff.md, "Construction report"): a verifier could not see that evidence through the API,
 * so the report names each gap per task (`table.column`, or `table` when the whole table is not
 * served). A constructed task with a gap is still listed; its readability is not claimed.
 */
export function replicaGaps(task: Task): string[] {
  const spec = normalizeLegacyDiffSpec((task.reference as { spec: unknown }).spec);
  const served = exposedColumns(serviceReadExposure(task.service));
  const gaps = new Set<string>();
  for (const assertion of spec.assertions) {
    const columns = served.get(assertion.entity);
    if (!columns) {
      gaps.add(assertion.entity);
      continue;
    }
    const read = [...Object.keys(assertion.where), ...Object.keys(assertion.expected_changes)];
    for (const path of read) {
      const column = path.split('.')[0]!;
      if (!columns.has(column)) gaps.add(`${assertion.entity}.${column}`);
    }
  }
  return [...gaps].sort();
}
