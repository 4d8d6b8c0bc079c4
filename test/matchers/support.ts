import { stripVTControlCharacters } from 'node:util';
import { expect } from 'vitest';
import type { EvaluationRecord } from '../../src/contract/record.js';
import type { PackHandle } from '../../src/pack/pack-handle.js';
import { builtinPackDir } from '../../src/pack/resolve.js';
import { openPack } from '../../src/run/open-pack.js';

/** The starter pack, opened once per file. */
export const starterBench = (): Promise<PackHandle> => openPack(builtinPackDir('starter'));

/** A record as a verifier would have produced it; fixed numbers keep snapshots stable. */
export function record(
  verdict: 'pass' | 'fail' | 'unknown',
  checks: EvaluationRecord['checks'] = [],
  explanation?: string,
): EvaluationRecord {
  return {
    verdict,
    durationMs: 12,
    operations: 3,
    checks,
    ...(explanation ? { explanation } : {}),
  };
}

export function errorRecord(
  kind: 'exception' | 'timeout' | 'budget',
  message: string,
): EvaluationRecord {
  return { verdict: 'error', kind, message, durationMs: 12, operations: 80, checks: [] };
}

/** The message of a failed matcher call, without colours. */
export async function failureMessage(assertion: () => Promise<unknown>): Promise<string> {
  try {
    await assertion();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  expect.fail('the matcher passed, but a failure was expected');
}
