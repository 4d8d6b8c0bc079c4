import { gunzipSync, gzipSync } from 'node:zlib';
import { AgentProofBenchError } from '../../src/contract/error.js';

/** What a verdict cell opens: the dialog's title and the case explanation. */
export interface OpenedCase {
  title: string;
  text: string;
}

/** Where the grids put what each cell opens; `add` returns the cell's `data-case` id. */
export interface CaseSink {
  add(key: string, opened: OpenedCase): string;
}

/**
 * Every case the page's cells open, in cell order. A cell names its case by its position
 * (`data-case="17"`), not by its key: the keys are JSON arrays of six names, and in a
 * full-pack report their escaped copies in the markup alone weighed about 360 KB.
 */
export class OpenedCases implements CaseSink {
  readonly entries: [key: string, opened: OpenedCase][] = [];

  add(key: string, opened: OpenedCase): string {
    this.entries.push([key, opened]);
    return String(this.entries.length - 1);
  }

  /** The same list, each key written `<prefix>key` (the two sides of a comparison may share keys). */
  prefixed(prefix: string): CaseSink {
    return { add: (key, opened) => this.add(`${prefix}${key}`, opened) };
  }
}

/**
 * The explanations as the page embeds them: every distinct line once (`lines`), each case
 * (at its cell's id) as its key, title and the indices of its lines. Explanations repeat
 * most of their lines (the same reference checks and row diffs for every program set, the
 * same seed rows across cases): the full built-in pack's 5 MB of explanation text per set
 * holds about 1 MB of distinct lines (docs/report.md, "The HTML report").
 */
export interface CaseData {
  lines: string[];
  cases: [key: string, title: string, lines: number[]][];
}

/** The value of the `data-encoding` attribute of the page's data element. */
export const CASE_DATA_ENCODING = 'gzip+base64';

export function caseData(opened: OpenedCases): CaseData {
  const lines: string[] = [];
  const index = new Map<string, number>();
  const cases = opened.entries.map(([key, { title, text }]): CaseData['cases'][number] => {
    const numbers = text.split('\n').map((line) => {
      let at = index.get(line);
      if (at === undefined) {
        at = lines.length;
        index.set(line, at);
        lines.push(line);
      }
      return at;
    });
    return [key, title, numbers];
  });
  return { lines, cases };
}

/**
 * The case data as the page's data element holds it: the JSON of `caseData`, gzipped and
 * base64-encoded (no `<`, so it cannot end its script element). The page decodes it with
 * the browser's DecompressionStream as it loads.
 */
export function encodeCaseData(opened: OpenedCases): string {
  return gzipSync(JSON.stringify(caseData(opened)), { level: 9 }).toString('base64');
}

/** The inverse of `encodeCaseData`: each cell's id → its case key, title and text. */
export function decodeCaseData(
  encoded: string,
): Map<string, { key: string; title: string; text: string }> {
  const data = JSON.parse(gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8')) as CaseData;
  return new Map(
    data.cases.map(([key, title, numbers], id) => [
      String(id),
      { key, title, text: numbers.map((at) => data.lines[at]).join('\n') },
    ]),
  );
}

/** What a rendered page's cells open, by case key (for tools and tests that read a page). */
export function readPageCases(html: string): Map<string, OpenedCase> {
  const element =
    /<script type="application\/octet-stream" id="apb-cases"[^>]*>([^<]*)<\/script>/.exec(html);
  if (!element)
    throw new AgentProofBenchError(
      'APB_REPORT_INPUT',
      'the page has no case data element (id="apb-cases")',
      { fix: 'pass an HTML report written by this version (report.html, compare.html)' },
    );
  return new Map(
    [...decodeCaseData(element[1]!).values()].map(({ key, title, text }) => [key, { title, text }]),
  );
}
