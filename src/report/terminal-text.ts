/**
 * Control characters a terminal acts on (C0 and C1, DEL, the escape that starts colour and
 * cursor sequences), line and paragraph separators, and the bidirectional marks and
 * overrides that reorder what a line shows.
 */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_BUT_NEWLINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A control character as the escape a person reads: `\n`, `\x1b`, `\u202e`. */
function visible(char: string): string {
  const code = char.charCodeAt(0);
  return (
    NAMED[char] ??
    (code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`)
  );
}

/**
 * A string a pack, a verifier or a report file supplied, safe to print on a terminal on one
 * line (docs/report.md, "Untrusted strings"): every control character, the line breaks
 * included, is shown as its escape (`\x1b[2K`), so no such string can erase a line, colour
 * one, move the cursor or start a line of its own.
 */
export function terminalText(value: string): string {
  return value.replace(CONTROL, visible);
}

/**
 * The same for text that may run over several lines (a verifier's explanation): line breaks
 * are kept, and each line after the first starts with `indent`, so the text stays inside
 * the section it belongs to.
 */
export function terminalLines(value: string, indent: string): string {
  return value.replace(CONTROL_BUT_NEWLINE, visible).replaceAll('\n', `\n${indent}`);
}
