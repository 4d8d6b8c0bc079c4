import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AgentProofBenchError } from '../../contract/error.js';
import type { Row } from '../../schema/json.js';
import { checkImportedJson } from './json-values.js';

/**
 * Recorded Agent-Diff runs. Two layouts exist:
 * - `snapshot`: `{runId: run}`; the diff is the net snapshot difference (one update per row);
 * - `journal`: `[run]` with `test_id` and `model`; updates are the write journal, so a row
 *   may be updated several times in order, and JSON columns are stored as JSON text.
 * Both carry the Agent-Diff engine's own verdict (`passed`) and failure messages.
 */
export type RunFormat = 'snapshot' | 'journal';

export interface RunUpdate {
  table: string;
  before: Row;
  after: Row;
}

export interface RecordedRun {
  runId: string;
  prompt: string;
  passed: boolean;
  failures: string[];
  model?: string;
  format: RunFormat;
  /** The file the run came from (for reports). */
  file: string;
  /** False when the recording has no diff (e.g. the run crashed): it cannot be replayed. */
  hasDiff: boolean;
  inserts: Array<{ table: string; row: Row }>;
  updates: RunUpdate[];
  deletes: Array<{ table: string; row: Row }>;
}

// Rows come from JSON.parse, so they are JSON already; checking every value again would
// dominate the import time of large run files.
const RowSchema = z.record(z.string(), z.unknown()).transform((row) => row as Row);
const TabledRowSchema = RowSchema.refine(
  (row) => typeof row.__table__ === 'string',
  'a diff row needs its table in "__table__"',
);
const UpdateSchema = z
  .object({ __table__: z.string().optional(), before: RowSchema, after: RowSchema })
  .refine(
    (update) => typeof update.__table__ === 'string' || typeof update.after.__table__ === 'string',
    'an update needs its table in "__table__"',
  );

const RunSchema = z.object({
  prompt: z.string(),
  passed: z.boolean(),
  failures: z.array(z.string()).default([]),
  runId: z.string().optional(),
  model: z.string().optional(),
  diff: z
    .object({
      inserts: z.array(TabledRowSchema).default([]),
      updates: z.array(UpdateSchema).default([]),
      deletes: z.array(TabledRowSchema).default([]),
    })
    .nullish(),
});

const SnapshotFileSchema = z.record(z.string(), RunSchema);
const JournalFileSchema = z.array(RunSchema);

function withoutTable(row: Row): Row {
  const { __table__: _table, ...rest } = row;
  return rest;
}

function toRecordedRun(
  run: z.infer<typeof RunSchema>,
  runId: string,
  format: RunFormat,
  file: string,
): RecordedRun {
  const recorded: RecordedRun = {
    runId,
    prompt: run.prompt,
    passed: run.passed,
    failures: run.failures,
    format,
    file,
    hasDiff: run.diff !== null && run.diff !== undefined,
    inserts: (run.diff?.inserts ?? []).map((row) => ({
      table: String(row.__table__),
      row: withoutTable(row),
    })),
    updates: (run.diff?.updates ?? []).map((update) => ({
      table: String(update.__table__ ?? update.after.__table__),
      before: withoutTable(update.before),
      after: withoutTable(update.after),
    })),
    deletes: (run.diff?.deletes ?? []).map((row) => ({
      table: String(row.__table__),
      row: withoutTable(row),
    })),
  };
  if (run.model !== undefined) recorded.model = run.model;
  return recorded;
}

export class RunFileError extends AgentProofBenchError {
  constructor(file: string, detail: string) {
    super(
      'APB_AGENT_DIFF_RUNS',
      `${file} is not an Agent-Diff run file (expected {runId: {prompt, passed, failures, diff}} or [{prompt, passed, failures, diff, test_id}]): ${detail}`,
      { fix: 'pass only recorded run files of Agent-Diff to --runs, or correct the field named' },
    );
    this.name = 'RunFileError';
  }
}

function issuesText(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** Parse one run file's JSON (either layout). */
export function parseRunFile(data: unknown, file: string): RecordedRun[] {
  if (Array.isArray(data)) {
    const parsed = JournalFileSchema.safeParse(data);
    if (!parsed.success) throw new RunFileError(file, issuesText(parsed.error));
    return parsed.data.map((run, index) =>
      toRecordedRun(run, run.runId ?? `${path.basename(file)}#${index}`, 'journal', file),
    );
  }
  const parsed = SnapshotFileSchema.safeParse(data);
  if (!parsed.success) throw new RunFileError(file, issuesText(parsed.error));
  return Object.entries(parsed.data).map(([key, run]) =>
    toRecordedRun(run, run.runId ?? key, 'snapshot', file),
  );
}

export async function readRunFile(file: string): Promise<RecordedRun[]> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new RunFileError(file, (error as Error).message);
  }
  checkImportedJson(data, file);
  return parseRunFile(data, file);
}
