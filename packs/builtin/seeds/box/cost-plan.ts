// The cost plan CSVs of the Box seed follow one rule: the Total line is the sum of the item
// lines' total_gbp column. The seed writes plans with it, and the Box tasks apply it again
// after an edit (a new contingency), so both import it from here.

/** The cost plan with its Total line recomputed from the item lines (after an edit). */
export function withTotal(csv: string): string {
  const lines = csv.split('\n');
  const total = lines
    .filter(
      (line) =>
        line !== '' &&
        !line.startsWith('#') &&
        !line.startsWith('item,') &&
        !line.startsWith('Total,'),
    )
    .reduce((sum, line) => sum + Number(line.split(',')[4] ?? 0), 0);
  return lines.map((line) => (line.startsWith('Total,') ? `Total,,,,${total}` : line)).join('\n');
}
