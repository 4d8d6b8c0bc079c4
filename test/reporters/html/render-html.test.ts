import { beforeAll, describe, expect, it } from 'vitest';
import { readPageCases } from '../../../reporters/html/case-data.js';
import { renderHtmlComparison, renderHtmlReport } from '../../../reporters/html/render-html.js';
import { cellClass } from '../../../reporters/html/verdict-grid.js';
import type { CaseResult } from '../../../src/contract/case.js';
import { caseKey } from '../../../src/contract/case-key.js';
import type { Pack } from '../../../src/pack/pack.js';
import { ReportExecutionSchema } from '../../../src/report/execution-schema.js';
import { explainResults } from '../../../src/report/recorded-explanations.js';
import type { Report } from '../../../src/report/report-schema.js';
import {
  correctRule,
  loadStarter,
  options,
  simulate,
  staleRule,
  starterReportOf,
} from '../../report/support/starter-results.js';

/** Attribute values and text of the elements matching a simple tag, for assertions without a DOM. */
const figure = (html: string, id: string) => {
  const start = html.indexOf(`<figure id="${id}"`);
  return start < 0 ? null : html.slice(start, html.indexOf('</figure>', start));
};
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('HTML report', () => {
  let pack: Pack;
  let results: CaseResult[];
  let report: Report;
  let html: string;
  beforeAll(async () => {
    pack = await loadStarter();
    results = [
      ...simulate(pack, staleRule, 'reuse', 'sim', 'source'),
      ...simulate(pack, correctRule, 'rebuild', 'sim', 'related'),
    ];
    report = starterReportOf(pack, results, {
      options: options({
        verifier: undefined,
        programs: {
          reuse: { verifier: 'a/{task}.ts', builtOn: 'source', constructionCost: 0.2 },
          rebuild: { verifier: 'b/{task}.ts', builtOn: 'related', constructionCost: 0.3 },
        },
        cost: { perSecond: 1, perOperation: 0.001, alternativePerUse: 0.02 },
      }),
      constructionCosts: [
        { set: 'reuse', program: 'sim', constructionCost: 0.2 },
        { set: 'rebuild', program: 'sim', constructionCost: 0.3 },
      ],
    });
    html = await renderHtmlReport(report, { explanations: explainResults(pack, results) });
  }, 60_000);

  it('is one self-contained page: no external script, style, image or font', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<(link|img|iframe)\b/);
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//);
    // Only fragment references (SVG clip paths) may use url().
    expect(html).not.toMatch(/@import|url\((?!#)/);
    expect(html).toContain("default-src 'none'");
  });

  it('labels the joint ring with summary.jointCorrect and each condition ring with its panel count', () => {
    const joint = figure(html, 'ring-joint')!;
    const { count, total } = report.summary.jointCorrect;
    expect(texts(joint)).toContain(`${count}/${total}`);
    const related = report.summary.conditions.related.panelCorrect;
    expect(texts(figure(html, 'ring-related')!)).toContain(`${related.count}/${related.total}`);
    // The second set's rings carry its own numbers.
    const rebuild = report.sets[1]!.jointCorrect;
    expect(texts(figure(html, 'rebuild-ring-joint')!)).toContain(
      `${rebuild.count}/${rebuild.total}`,
    );
  });

  it('draws the cross-condition matrix with the BA of each filled cell, and the cost curve', () => {
    const matrix = texts(figure(html, 'cross-condition')!);
    const ba = report.crossCondition.cells.source.related.ba!;
    expect(matrix).toContain(`${(ba * 100).toFixed(1)}%`);
    expect(matrix).toContain('100.0%');
    expect(figure(html, 'cost')).not.toBeNull();
    expect(figure(html, 'contrasts')).not.toBeNull();
    expect(figure(html, 'false-acceptance')).not.toBeNull();
    expect(figure(html, 'latency')).not.toBeNull();
  });

  it('colours every verdict cell by how it stands against the label, and embeds its explanation', () => {
    expect(cellClass('pass', 'invalid')).toBe('false-accept');
    expect(cellClass('fail', 'valid')).toBe('false-reject');
    expect(cellClass('fail', 'invalid')).toBe('correct');
    const cells = [...html.matchAll(/class="cell ([a-z-]+)" data-case="([^"]+)"/g)];
    const evaluated = report.tasks.reduce(
      (n, task) =>
        n +
        Object.values(task.conditions).reduce((m, c) => m + (c?.outcomes.length ?? 0), 0) +
        (task.witness?.source ? 1 : 0) +
        (task.witness?.replay ? 1 : 0),
      0,
    );
    expect(cells).toHaveLength(evaluated);
    // The stale program passes every related fault: those cells are false accepts.
    const passedInvalid = report.tasks.reduce(
      (n, task) =>
        n +
        Object.values(task.conditions)
          .flatMap((c) => c?.outcomes ?? [])
          .filter((o) => o.label === 'invalid' && o.verdict === 'pass').length +
        (task.witness?.replay?.verdict === 'pass' ? 1 : 0),
      0,
    );
    expect(passedInvalid).toBeGreaterThan(report.summary.falseAccept.count);
    expect(cells.filter((m) => m[1] === 'false-accept').length).toBe(passedInvalid);
    const data = readPageCases(html);
    // Every cell opens its case: the pack's explanation, decoded as the matchers wrote it.
    const explanations = explainResults(pack, results);
    expect(cells.map((m) => m[2])).toEqual(cells.map((_, id) => String(id)));
    expect(data.size).toBe(cells.length);
    for (const [key, text] of explanations) expect(data.get(key)?.text, key).toBe(text);
    const key = caseKey({
      program: { set: 'reuse', id: 'sim' },
      task: 'starter_1',
      condition: 'related',
      kind: 'witness-replay',
      outcome: pack.task('starter_1').witness!.decision,
    });
    expect(data.get(key)!.text).toContain('Reference (labels this outcome invalid)');
    expect(data.get(key)!.text).toContain('Row diff (before → after)');
  });

  it('draws the execution study when the report has one, and says so when it cannot read it', async () => {
    const policyCounts = {
      incorrect: 0,
      withheld: 0,
      withheldValid: 0,
      unresolved: 0,
      repairs: 0,
      regressions: 0,
      stagesRun: 0,
      checks: 0,
      writesIssued: 0,
      writesSucceeded: 0,
      costPerStartPoint: null,
    };
    const outcome = {
      delivered: null,
      final: 'start',
      finalValid: true,
      repair: false,
      regression: false,
      stagesRun: 0,
      checks: [],
    };
    // A section the execution study's own schema accepts (checked below).
    const execution = ReportExecutionSchema.parse({
      counts: { tasks: 1, families: 1, runs: 1, startPoints: 1, programs: 1, assignments: 5 },
      contrasts: [],
      gates: {
        program: {
          checks: 0,
          evaluations: 0,
          agreements: 0,
          disagreements: 0,
          unknown: 0,
          errors: 0,
        },
        online: null,
      },
      amortisedCost: null,
      excluded: [],
      policies: [
        {
          policy: 'program-gate',
          set: 'reuse',
          cohort: 'natural',
          startPoints: 4,
          correct: { count: 3, total: 4, rate: 0.75, lower: 0.5, upper: 1 },
          ...policyCounts,
        },
        {
          policy: 'fixed-continuation',
          set: null,
          cohort: 'natural',
          startPoints: 4,
          correct: { count: 4, total: 4, rate: 1, lower: 1, upper: 1 },
          ...policyCounts,
        },
      ],
      diagnostic: {
        panelCorrect: {
          assignments: 3,
          bothCorrect: 3,
          rate: 1,
          lower: 1,
          upper: 1,
          gateChecks: 6,
          gateErrors: 0,
          regressions: 0,
          incorrect: 0,
        },
        panelErrors: {
          assignments: 2,
          bothCorrect: 0,
          rate: 0,
          lower: 0,
          upper: 0,
          gateChecks: 5,
          gateErrors: 3,
          regressions: 1,
          incorrect: 2,
        },
        difference: { estimate: 1, lower: 1, upper: 1, confidence: 0.95, families: 2 },
        unknownPanel: 0,
      },
      startPoints: [
        {
          task: 'starter_1',
          family: 'f',
          run: 'r1',
          actor: 'actor-a',
          start: 'natural',
          condition: 'related',
          states: [],
          outcomes: [
            {
              policy: 'program-gate',
              set: 'reuse',
              program: 'sim',
              kind: 'correct',
              ...outcome,
              delivered: 'start',
            },
            { policy: 'actor-stop', set: null, program: null, kind: 'withheld', ...outcome },
          ],
        },
      ],
    });
    const page = await renderHtmlReport({ ...report, execution });
    expect(texts(figure(page, 'panel-delivery')!)).toEqual(expect.arrayContaining(['3/3', '0/2']));
    expect(figure(page, 'execution-lanes')).not.toBeNull();
    expect(texts(figure(page, 'execution-policies')!)).toContain('3/4');
    const unreadable = await renderHtmlReport({
      ...report,
      execution: { policies: 'x' },
    } as unknown as Report);
    expect(unreadable).toContain('an execution section this renderer cannot read');
  });

  it('puts two reports side by side under their paired Δ for compare', async () => {
    const page = await renderHtmlComparison(
      { file: 'a.json', report },
      { file: 'b.json', report },
      [
        {
          name: 'a-b related',
          delta: -0.25,
          lower: -0.5,
          upper: 0,
          pValue: 0.3,
          pHolm: 0.6,
          tasks: 2,
        },
      ],
    );
    expect(page).toContain('data-side="a"');
    expect(page).toContain('data-side="b"');
    expect(texts(figure(page, 'compare-delta')!)).toContain('-25.00');
    expect(figure(page, 'a-ring-joint')).not.toBeNull();
    expect(figure(page, 'b-ring-joint')).not.toBeNull();
    // Both sides hold the same report: every case appears once per side, its key prefixed.
    const keys = [...readPageCases(page).keys()];
    const one = readPageCases(html).size;
    expect(keys.filter((key) => key.startsWith('a:'))).toHaveLength(one);
    expect(keys.filter((key) => key.startsWith('b:'))).toHaveLength(one);
  });
});
