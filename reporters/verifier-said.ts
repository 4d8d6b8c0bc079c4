import type { EvaluationRecord } from '../src/evaluation/record.js';

/** Report-level bounds on what a verifier said (the record keeps the same bounds; docs/report.md). */
export const EXPLANATION_MAX_CHARS = 4096;
export const CHECKS_MAX = 64;
export const CHECK_TEXT_MAX_CHARS = 512;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/** The verifier's checks and explanation, truncated defensively so a report stays bounded. */
export function verifierSaid(record: EvaluationRecord): {
  checks: { name: string; ok: boolean; detail?: string }[];
  explanation: string | null;
} {
  const checks = Array.isArray(record.checks) ? record.checks.slice(0, CHECKS_MAX) : [];
  return {
    checks: checks.map((check) => ({
      name: clip(String(check.name), CHECK_TEXT_MAX_CHARS),
      ok: check.ok === true,
      ...(check.detail !== undefined
        ? { detail: clip(String(check.detail), CHECK_TEXT_MAX_CHARS) }
        : {}),
    })),
    explanation:
      typeof record.explanation === 'string'
        ? clip(record.explanation, EXPLANATION_MAX_CHARS)
        : null,
  };
}
