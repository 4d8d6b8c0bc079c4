/** How every renderer (terminal, Markdown, HTML) prints a rate: one decimal percent, `—` when undefined. */
export const pct = (value: number | null) =>
  value === null ? '—' : `${(value * 100).toFixed(1)}%`;

/** Plain-text columns: the first left-aligned, the rest right-aligned, two spaces apart. */
export function textTable(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
}
