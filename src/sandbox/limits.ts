import { z } from 'zod';
import { AgentProofBenchError } from '../contract/error.js';
import { DEFAULT_OPERATION_LIMIT } from '../services/budget.js';

/** Resource limits of one evaluation (docs/benchmark.md, Verifier). */
export interface Limits {
  /** Wall-clock time from sandbox start to result, milliseconds. */
  timeoutMs: number;
  /** Memory the verifier may use, mebibytes (isolate heap, or address space of the process). */
  memoryMb: number;
  /** Business operations over both snapshots together. */
  operations: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  timeoutMs: 60_000,
  memoryMb: 1024,
  operations: DEFAULT_OPERATION_LIMIT,
});

/** isolated-vm refuses heaps below 8 MB; a smaller limit would silently not apply. */
const MINIMUM_MEMORY_MB = 8;

const positiveInteger = z.number().int().positive();

/**
 * Overrides of the limits: the one definition of what a valid limit is, used by the
 * project options and by every runtime (`resolveLimits`).
 */
export const LimitsSchema = z
  .object({
    timeoutMs: positiveInteger,
    memoryMb: positiveInteger.min(MINIMUM_MEMORY_MB),
    operations: positiveInteger,
  })
  .partial();

/** Fill in defaults and reject values that would not mean what they say. */
export function resolveLimits(overrides: Partial<Limits> = {}): Limits {
  const parsed = LimitsSchema.safeParse(overrides);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0]);
    const value = (overrides as Record<string, unknown>)[key];
    if (issue.code === 'too_small' && issue.minimum === MINIMUM_MEMORY_MB)
      throw new AgentProofBenchError(
        'APB_ARGUMENT',
        `limits.${key} must be at least ${MINIMUM_MEMORY_MB}, got ${value}`,
        {
          fix: 'give each limit as a whole number (memoryMb at least the minimum named); docs/sandbox.md lists the limits',
        },
      );
    throw new AgentProofBenchError(
      'APB_ARGUMENT',
      `limits.${key} must be a positive integer, got ${JSON.stringify(value)}`,
      {
        fix: 'give each limit as a whole number (memoryMb at least the minimum named); docs/sandbox.md lists the limits',
      },
    );
  }
  const limits: Limits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(parsed.data) as Array<[keyof Limits, number]>) {
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

/**
 * Largest single message the host accepts from a verifier (a request, a protocol line, a
 * result), in UTF-16 code units or bytes: a verifier must not be able to make the host
 * parse gigabytes.
 */
export const MAX_MESSAGE_SIZE = 16 * 1024 * 1024;
