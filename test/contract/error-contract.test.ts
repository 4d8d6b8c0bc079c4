// The error contract (docs/errors.md): what the library refuses reaches a user as an
// AgentProofBenchError whose code is registered in ERROR_CODES. The first part reads the
// source, so a new bare `throw new Error` fails here; the second walks the entry points'
// documented error cases and checks the code, the problem and the fix each one carries.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../../matchers/index.js';
import { resultsFromReport } from '../../reporters/index.js';
import * as authoring from '../../src/authoring/index.js';
import { runCli } from '../../src/cli/main.js';
import {
  AgentProofBenchError,
  ERROR_CODES,
  type ErrorCode,
  isAgentProofBenchError,
} from '../../src/contract/error.js';
import {
  construct,
  createRuntime,
  loadPackOrThrow,
  openPack,
  publicTaskOf,
  resolvePackDir,
  resolvePrograms,
} from '../../src/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every TypeScript source file of the library (src/, matchers/, reporters/), relative to the root. */
function librarySources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.ts')) files.push(relative);
    }
  };
  for (const folder of ['src', 'matchers', 'reporters']) walk(folder);
  return files;
}

/**
 * Error classes of their own that are not AgentProofBenchErrors, each with why it never
 * reaches a user of an entry point as it is.
 */
const UNCODED_CLASSES: Record<string, string> = {
  BudgetExhaustedError: 'thrown inside a verifier; crosses the sandbox wire as budget_exhausted',
  UnresolvedRefError: 'caught by the reference evaluation, which reports the check as unresolved',
  PythonPatternError: 'caught where an imported pattern is translated, which reports it as data',
  AnswerTooLargeError: "caught by the model client, which records the judge's error kind",
  ProviderAnswerError: "caught by the model client, which records the judge's error kind",
  UsageError: 'the CLI prints it with the usage and exits 2',
  Refused: "a write model's refusal, answered as the service's own error response",
  Refusal:
    "caught by the Agent-Diff construction, which records it as the task's reason in its report",
  ApiFailure: "a replica's error response, answered as the service's own error",
  BadReference: 'caught while loading, which reports a PackError',
  SyntaxProblem: 'caught while loading, which reports a PackError',
};

describe('the source', () => {
  const sources = librarySources().map((file) => ({
    file,
    text: readFileSync(path.join(ROOT, file), 'utf8'),
  }));

  it('throws no bare Error, TypeError or RangeError (use a registered code)', () => {
    const bare: string[] = [];
    for (const { file, text } of sources)
      for (const [index, line] of text.split('\n').entries())
        if (/throw new (?:Type|Range)?Error\(/.test(line)) bare.push(`${file}:${index + 1}`);
    // plan-cache.ts: the one bare throw is caught two lines below, inside the same function.
    expect(bare).toEqual([expect.stringMatching(/^src\/run\/plan-cache\.ts:\d+$/)]);
  });

  it('declares no other error class a user could receive', () => {
    const classes = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/class (\w+) extends Error\b/g)]
        .filter((match) => match[1] !== 'AgentProofBenchError')
        .map((match) => `${match[1]} (${file})`),
    );
    expect(classes.map((entry) => entry.split(' ')[0]).sort()).toEqual(
      Object.keys(UNCODED_CLASSES).sort(),
    );
  });

  it('names only registered codes', () => {
    const used = new Set<string>();
    for (const { text } of sources)
      for (const match of text.matchAll(/'(APB_[A-Z_]+)'/g)) used.add(match[1]!);
    const registered = new Set(Object.keys(ERROR_CODES));
    expect([...used].filter((code) => !registered.has(code))).toEqual([]);
  });
});

/** The error a call throws (or its promise rejects with). */
async function errorOf(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/** It is an AgentProofBenchError with this code, a registered one, a problem and a fix. */
async function expectCoded(call: () => unknown, code: ErrorCode, problem: RegExp): Promise<void> {
  const error = await errorOf(call);
  expect(error).toBeInstanceOf(AgentProofBenchError);
  expect(isAgentProofBenchError(error, code), String(error)).toBe(true);
  const coded = error as AgentProofBenchError;
  expect(coded.problem).toMatch(problem);
  expect(coded.fix.length).toBeGreaterThan(10);
  expect(coded.message).toBe(`${code}: ${coded.problem}\nFix: ${coded.fix}`);
}

describe('the entry points refuse with a registered code', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'apb-error-contract-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('openPack and loadPackOrThrow: a missing pack, a broken one', async () => {
    await expectCoded(
      () => openPack('no-such-pack', scratch),
      'APB_PACK_NOT_FOUND',
      /no-such-pack/,
    );
    await expectCoded(
      () => loadPackOrThrow(path.join(ROOT, 'fixtures/packs/broken/unknown-seed')),
      'APB_PACK_INVALID',
      /error/,
    );
  });

  it('the pack handle: an unknown task, outcome or condition', async () => {
    const pack = await openPack('starter');
    await expectCoded(() => pack.task('linear_52'), 'APB_UNKNOWN_TASK', /no task "linear_52"/);
    await expectCoded(() => pack.pack.task('nope'), 'APB_UNKNOWN_TASK', /starter_1/);
    const task = pack.task('starter_1');
    await expectCoded(
      () => task.outcome('related', 'nope'),
      'APB_UNKNOWN_CASE',
      /no outcome "nope" under related/,
    );
    await expectCoded(
      () => task.panel('elsewhere' as 'related'),
      'APB_UNKNOWN_CASE',
      /no elsewhere condition/,
    );
  });

  it('the matchers: a value that is not a handle, a record where a verifier is needed', async () => {
    await expectCoded(
      () => expect('verifiers/x.ts').toAcceptValid('complete' as never),
      'APB_MATCHER_INPUT',
      /toAcceptValid expects/,
    );
    const pack = await openPack('starter');
    await expectCoded(
      () =>
        expect({ verdict: 'pass', checks: [] }).toClassifyPanel(
          pack.task('starter_1').panel('related'),
        ),
      'APB_MATCHER_INPUT',
      /needs a verifier/,
    );
  });

  it('runtimes, programs and the public task: arguments out of range', async () => {
    await expectCoded(() => createRuntime('docker' as 'isolate'), 'APB_ARGUMENT', /docker/);
    await expectCoded(
      () => createRuntime('isolate', { isolate: { isolation: 'shared' as 'pooled' } }),
      'APB_ARGUMENT',
      /unknown isolation "shared"/,
    );
    await expectCoded(
      () => resolvePrograms('{task}/verify.ts', ['starter_1']),
      'APB_VERIFIER_PATTERN',
      /\{task\}/,
    );
    const task = (await openPack('starter')).task('starter_1').task;
    await expectCoded(
      () => publicTaskOf({ ...task, id: 1 as unknown as string }),
      'APB_ARGUMENT',
      /task\.id must be a string/,
    );
  });

  it('construct: a replica count below one', async () => {
    const pack = await loadPackOrThrow(resolvePackDir('starter'));
    await expectCoded(
      () =>
        construct({
          pack,
          generator: async () => ({ source: '', language: 'ts' }),
          generatorName: 'never-called',
          on: 'source',
          replicas: 0,
          budget: 1,
          out: scratch,
        }),
      'APB_ARGUMENT',
      /replicas must be a positive whole number/,
    );
  });

  it('resultsFromReport and compare: something that is not a report', async () => {
    await expectCoded(
      () => resultsFromReport({ tasks: 3 }),
      'APB_REPORT_INPUT',
      /not an agentproofbench report/,
    );
    const notReport = path.join(scratch, 'not-a-report.json');
    writeFileSync(notReport, '{"hello": 1}\n');
    const errors: string[] = [];
    const code = await runCli(['compare', notReport, notReport], {
      out: () => {},
      error: (text) => errors.push(text),
    });
    expect(code).toBe(1);
    expect(errors.join('\n')).toMatch(
      /^agentproofbench compare: APB_REPORT_INPUT: .*not-a-report\.json/,
    );
    expect(errors.join('\n')).toMatch(/\nFix: /);
  });

  it('authoring: a row that is not there, a seed that is not there, a call without its id', async () => {
    const packDir = resolvePackDir('starter');
    const seeds = readdirSync(path.join(packDir, 'seeds')).map((file) =>
      file.replace(/\.json$/, ''),
    );
    const state = authoring.seedState(packDir, seeds[0]!);
    await expectCoded(
      () => authoring.findRow(state, state.tableNames()[0]!, { id: 'no such row' }),
      'APB_AUTHORING',
      /expected exactly one .*found 0/,
    );
    await expectCoded(
      () => authoring.readSeed(packDir, 'no-such-seed'),
      'APB_AUTHORING',
      /no-such-seed/,
    );
  });
});
