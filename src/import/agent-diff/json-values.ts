import { AgentProofBenchError } from '../../contract/error.js';
import { PACK_LIMITS } from '../../pack/limits.js';

interface Visit {
  value: unknown;
  level: number;
  parent: Visit | undefined;
  key: string | number | undefined;
}

function pathOf(visit: Visit): string {
  const parts: Array<string | number> = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) parts.push(at.key);
  return `$${parts
    .reverse()
    .map((part) =>
      typeof part === 'number'
        ? `[${part}]`
        : /^[A-Za-z_$][\w$]*$/.test(part)
          ? `.${part}`
          : `[${JSON.stringify(part)}]`,
    )
    .join('')}`;
}

/**
 * Refuse what JSON.parse hands the importer but a pack cannot hold (docs/pack-format.md,
 * "Limits and refusals"): objects and arrays nested deeper than a pack file may be (the
 * recursive steps after it, JSON.stringify first, would end in a bare stack overflow), and
 * numbers JSON cannot write (`1e309` parses to Infinity, which JSON.stringify writes as
 * null). A loop over an explicit stack, so no depth overflows it.
 */
export function checkImportedJson(value: unknown, source: string): void {
  const stack: Visit[] = [{ value, level: 0, parent: undefined, key: undefined }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'number' && !Number.isFinite(current))
      throw new AgentProofBenchError(
        'APB_AGENT_DIFF_VALUE',
        `${source} at ${pathOf(visit)} holds a number JSON cannot write (${current}; a pack would hold null instead)`,
        { fix: 'correct the number in the Agent-Diff data (JSON numbers stay within ±1.8e308)' },
      );
    if (current === null || typeof current !== 'object') continue;
    if (visit.level >= PACK_LIMITS.depth)
      throw new AgentProofBenchError(
        'APB_AGENT_DIFF_VALUE',
        `${source} at ${pathOf(visit)} nests objects and arrays deeper than the ${PACK_LIMITS.depth} levels a pack file may hold`,
        { fix: 'flatten that value in the Agent-Diff data, or leave the file out of the import' },
      );
    const level = visit.level + 1;
    const entries: Array<[string | number, unknown]> = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (const [key, item] of entries) stack.push({ value: item, level, parent: visit, key });
  }
}
