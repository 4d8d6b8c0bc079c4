import { ERROR_KINDS, type ErrorKind } from '../contract/record.js';

/** One Error record with where it happened, e.g. `linear_1 › source › valid`. */
export interface ErrorOccurrence {
  where: string;
  kind: ErrorKind;
  message: string;
}

const MESSAGE_CHARS = 300;

function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? '';
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS)}…` : line;
}

/**
 * Lines that say why evaluations errored: the count out of `evaluations`, then each error
 * kind with its count and the first message seen, so a broken verifier (a syntax error, no
 * `verify` export) is visible at a glance instead of hiding behind a score. Empty when
 * nothing errored.
 */
export function describeErrors(
  occurrences: readonly ErrorOccurrence[],
  evaluations: number,
): string[] {
  if (occurrences.length === 0) return [];
  const lines = [
    `${occurrences.length === evaluations ? 'every one' : occurrences.length} of ${evaluations} evaluations errored:`,
  ];
  for (const kind of ERROR_KINDS) {
    const ofKind = occurrences.filter((occurrence) => occurrence.kind === kind);
    const first = ofKind[0];
    if (!first) continue;
    lines.push(`  ${kind} ×${ofKind.length}, first at ${first.where}: ${firstLine(first.message)}`);
  }
  return lines;
}
