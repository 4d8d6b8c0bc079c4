// What an evaluation record keeps of the verifier's own words. A result may carry up to
// 16 MB (MAX_MESSAGE_SIZE), and a run holds one record per case until the report is
// written: kept whole, 15 MB per case takes a full pack to an out-of-memory crash. The
// record keeps a bounded prefix instead (docs/sandbox.md, "Budgets and bounds").
import type { VerifierCheck } from '../contract/record.js';

/** Characters of `explanation` a record keeps. */
export const MAX_RETAINED_EXPLANATION = 4096;
/** Checks a record keeps, in the verifier's order. */
export const MAX_RETAINED_CHECKS = 64;
/** Characters of a check's `name` or `detail` a record keeps. */
export const MAX_RETAINED_CHECK_TEXT = 512;

const ELLIPSIS = '…';

/**
 * `text` cut to at most `limit` characters (the last one `…` when cut), as a string of its
 * own: a plain `slice` would keep the whole parsed result alive behind the prefix.
 */
export function retainText(text: string, limit: number): string {
  if (text.length <= limit) return copyString(text);
  let end = limit - ELLIPSIS.length;
  // Never split a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return copyString(`${text.slice(0, end)}${ELLIPSIS}`);
}

/** The checks a record keeps: the first MAX_RETAINED_CHECKS, each text bounded. */
export function retainChecks(checks: readonly VerifierCheck[]): VerifierCheck[] {
  return checks.slice(0, MAX_RETAINED_CHECKS).map((check) => {
    const name = retainText(check.name, MAX_RETAINED_CHECK_TEXT);
    return check.detail === undefined
      ? { name, ok: check.ok }
      : { name, ok: check.ok, detail: retainText(check.detail, MAX_RETAINED_CHECK_TEXT) };
  });
}

/** A flat copy that shares no memory with `text` (V8 slices and parsed strings may point into their source). */
function copyString(text: string): string {
  return text.length < 16 ? text : Buffer.from(text, 'utf16le').toString('utf16le');
}
