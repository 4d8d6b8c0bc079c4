// Whether a run recorded every case it planned: a case that vanished (a worker that died,
// a test that threw before its record was attached) must never leave a report that looks
// complete (docs/sandbox.md, "Budgets and bounds").

/** Planned against recorded evaluations, as the report carries them. */
export interface RunCompleteness {
  /** Evaluations the run planned: every case of every qualified task, for every program. */
  planned: number;
  /** Planned evaluations that have a record. */
  recorded: number;
  /** Names of planned cases without a record (at most MAX_NAMED_MISSING). */
  missing: string[];
  /** What the test run said went wrong where records are missing (distinct first lines, at most MAX_CAUSES). */
  causes: string[];
  /** Planned evaluations a name filter (`-t`) left out: not counted in `planned`. */
  leftOut?: { count: number; filter: string };
}

export const MAX_NAMED_MISSING = 20;
export const MAX_CAUSES = 5;

/**
 * Compare the planned case keys (key → readable name) with the keys that arrived with a
 * record. `causes` are error lines from the test run, already de-duplicated or not.
 */
export function completenessOf(
  allPlanned: ReadonlyMap<string, string>,
  recordedKeys: Iterable<string>,
  causes: Iterable<string> = [],
  leftOut?: { keys: ReadonlySet<string>; filter: string },
): RunCompleteness {
  const planned = leftOut
    ? new Map([...allPlanned].filter(([key]) => !leftOut.keys.has(key)))
    : allPlanned;
  const recorded = new Set<string>();
  for (const key of recordedKeys) if (planned.has(key)) recorded.add(key);
  const missing: string[] = [];
  for (const [key, name] of planned) {
    if (!recorded.has(key) && missing.length < MAX_NAMED_MISSING) missing.push(name);
  }
  const distinctCauses = [...new Set([...causes].map(firstLine).filter((line) => line !== ''))];
  return {
    planned: planned.size,
    recorded: recorded.size,
    missing,
    causes: recorded.size === planned.size ? [] : distinctCauses.slice(0, MAX_CAUSES),
    ...(leftOut && leftOut.keys.size > 0
      ? { leftOut: { count: allPlanned.size - planned.size, filter: leftOut.filter } }
      : {}),
  };
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0]?.trim() ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
