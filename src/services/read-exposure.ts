/**
 * Which stored tables and columns one read operation of a replica serves to the actor
 * (docs/replicas.md, "What each read operation exposes"). Qualification refuses a reference
 * that reads anything no read operation of its service exposes: a verifier could only
 * answer unknown there (docs/pack-format.md, "Evidence is public").
 */
export interface ReadOperationExposure {
  /** As the service names it: `GET /files/{file_id}`, `conversations.history`, GraphQL `issues`. */
  operation: string;
  /** Table name -> the columns whose values the operation's response carries. */
  exposes: Readonly<Record<string, readonly string[]>>;
}

/** Every read operation of one replica, each with what it exposes. */
export type ServiceReadExposure = readonly ReadOperationExposure[];

/** Table -> columns exposed by some read operation of the service. */
export function exposedColumns(
  exposure: ServiceReadExposure,
): ReadonlyMap<string, ReadonlySet<string>> {
  const tables = new Map<string, Set<string>>();
  for (const { exposes } of exposure) {
    for (const [table, columns] of Object.entries(exposes)) {
      const known = tables.get(table) ?? new Set<string>();
      for (const column of columns) known.add(column);
      tables.set(table, known);
    }
  }
  return tables;
}

/** The operations exposing `table` (and `column`, when given), in declaration order. */
export function operationsExposing(
  exposure: ServiceReadExposure,
  table: string,
  column?: string,
): string[] {
  return exposure
    .filter(({ exposes }) => {
      const columns = exposes[table];
      return columns !== undefined && (column === undefined || columns.includes(column));
    })
    .map(({ operation }) => operation);
}
