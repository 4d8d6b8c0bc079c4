import type { CaseResult } from '../../../src/contract/case.js';
import type { EvaluationRecord } from '../../../src/contract/record.js';
import { caseRefOf } from '../../../src/evaluation/evaluate-case.js';
import { casesOfTask, type PackCase } from '../../../src/pack/cases.js';
import { loadPackOrThrow } from '../../../src/pack/load.js';
import type { Pack } from '../../../src/pack/pack.js';
import { qualifyPack, type TaskQualification } from '../../../src/pack/qualify.js';
import { builtinPackDir } from '../../../src/pack/resolve.js';
import { buildReport, type ReportInput } from '../../../src/report/aggregate.js';
import type { Report } from '../../../src/report/report-schema.js';
import { type ResolvedOptions, resolveOptions } from '../../../src/run/options.js';
import type { ConditionName } from '../../../src/schema/task.js';

export const loadStarter = (): Promise<Pack> => loadPackOrThrow(builtinPackDir('starter'));

/** How a simulated verifier answers one case. */
export type Rule = (entry: PackCase) => EvaluationRecord['verdict'] | EvaluationRecord;

const right = (entry: PackCase) => (entry.label === 'valid' ? 'pass' : 'fail');

/** Always right. */
export const correctRule: Rule = right;

/** Right on source and background; on related (and the replay) it answers as if nothing had moved: pass on everything. */
export const staleRule: Rule = (entry) => (entry.condition === 'related' ? 'pass' : right(entry));

/** Run a simulated verifier over every case of every task of the pack, as one program set. */
export function simulate(
  pack: Pack,
  rule: Rule,
  set = 'default',
  program = 'sim',
  builtOn?: ConditionName,
): CaseResult[] {
  return pack.tasks.flatMap((task) =>
    casesOfTask(pack, task).map((entry, index): CaseResult => {
      const answer = rule(entry);
      const record: EvaluationRecord =
        typeof answer === 'string'
          ? answer === 'error'
            ? {
                verdict: 'error',
                kind: 'exception',
                message: 'Error: boom',
                durationMs: index,
                operations: 1,
                checks: [],
              }
            : { verdict: answer, durationMs: index, operations: 2, checks: [] }
          : answer;
      return {
        ...caseRefOf(entry),
        program: { id: program, set, ...(builtOn ? { builtOn } : {}) },
        record,
      };
    }),
  );
}

export function starterQualifications(pack: Pack): TaskQualification[] {
  return qualifyPack(pack);
}

export function options(overrides: Parameters<typeof resolveOptions>[0] = {}): ResolvedOptions {
  return resolveOptions(
    { verifier: 'verifiers/{task}.ts', pack: 'starter', resamples: 200, ...overrides },
    '/project',
  );
}

export const VERSIONS = { agentproofbench: '0.1.0', vitest: '4.1.12', node: 'v20.0.0' };

/**
 * What the reporter hands buildReport for these results over the starter pack: default options,
 * the pack's qualifications, no isolation, fixed versions; `extra` replaces any of them.
 */
export function starterInput(
  pack: Pack,
  results: ReportInput['results'],
  extra: Partial<ReportInput> = {},
): ReportInput {
  return {
    results,
    options: options(),
    pack: pack.manifest,
    qualifications: starterQualifications(pack),
    isolation: null,
    versions: VERSIONS,
    ...extra,
  };
}

/** The report the reporter builds from these results over the starter pack (see starterInput). */
export function starterReportOf(
  pack: Pack,
  results: ReportInput['results'],
  extra: Partial<ReportInput> = {},
): Report {
  return buildReport(starterInput(pack, results, extra));
}

/** A report of one simulated program set over the starter pack, as the reporter builds it. */
export function starterReport(pack: Pack, rule: Rule): Report {
  return starterReportOf(pack, simulate(pack, rule));
}
