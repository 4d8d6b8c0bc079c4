/**
 * Strings a pack, a verifier, a program set or a report file supplied, made inert in
 * GitHub-flavoured Markdown (docs/report.md, "Untrusted strings"): line breaks and other
 * control characters become a space (a string never starts a line, a row or a block), and
 * every character that could open markup mid-line is backslash-escaped (CommonMark lets any
 * ASCII punctuation be escaped): emphasis, links and images, code spans, raw HTML, HTML
 * comments (`<!--` would hide the rest of the summary) and autolinks, entities, table cells
 * (`|`), strikethrough and math. `<`, `&` and `_` are escaped only where they could open
 * something (`0.5 < 0.95` and `starter_1` stay as written).
 */
export function markdownText(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
      .replace(
        /[\\`*[\]|~$]|<(?=[A-Za-z/!?])|&(?=[A-Za-z#])|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g,
        (char) => `\\${char}`,
      )
  );
}

/** An identifier shown as code when it is a plain one (no backtick, bar or space can end the span), else as escaped text. */
export function markdownCode(value: string): string {
  return /^[\w.:@/+-]+$/.test(value) ? `\`${value}\`` : markdownText(value);
}
