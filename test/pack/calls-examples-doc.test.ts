// docs/pack-format.md, "Outcomes as API calls", has a worked example per service: an outcome
// written as calls, the patch the write model derives from them, and a call the service
// refuses with its own error. Each runs here through the loader as written: the task fragment
// goes into a one-task pack on the seed it names (copied from the built-in or starter pack)
// with the clock the doc gives, the derived patch must equal the doc's, and the refused calls
// must give exactly the pack error the doc prints.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPack } from '../../src/pack/load.js';
import { formatPackError } from '../../src/pack/pack-error.js';
import { SERVICES } from '../../src/schema/service.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const DOC = 'docs/pack-format.md';

/** The blocks of the doc marked `<!-- calls-example: <name> -->`, by name. */
function callsExamples(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  const lines = markdown.split('\n');
  lines.forEach((line, index) => {
    const name = /^<!-- calls-example: ([\w ]+) -->$/.exec(line)?.[1];
    if (name === undefined) return;
    let open = index + 1;
    while (lines[open]?.trim() === '') open += 1;
    if (!/^```(json|text)$/.test(lines[open] ?? ''))
      throw new Error(`${DOC}:${index + 1}: "${name}" is not followed by a json or text block`);
    const close = lines.findIndex((entry, at) => at > open && entry === '```');
    if (blocks.has(name)) throw new Error(`${DOC}:${index + 1}: "${name}" is marked twice`);
    blocks.set(name, lines.slice(open + 1, close).join('\n'));
  });
  return blocks;
}

const examples = callsExamples(readFileSync(path.join(REPO, DOC), 'utf8'));
const json = (name: string): unknown => {
  const block = examples.get(name);
  if (block === undefined) throw new Error(`${DOC} has no block marked "calls-example: ${name}"`);
  return JSON.parse(block);
};

interface TaskFragment {
  seed: string;
  actor: { id: string; name: string; email?: string };
  outcomes: { source: Array<Record<string, unknown>> };
}

/** A table of each service the one reference check counts in. */
const EXAMPLE_TABLE: Record<string, string> = {
  linear: 'issues',
  slack: 'messages',
  box: 'box_files',
  calendar: 'calendar_events',
};

const scratch = mkdtempSync(path.join(tmpdir(), 'apb-calls-examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A one-task pack holding the doc's fragment, its outcome's calls replaced by `calls` if given. */
function examplePack(service: string, calls?: unknown): string {
  const fragment = json(`${service} task`) as TaskFragment;
  const dir = path.join(scratch, `${service}-${calls === undefined ? 'derived' : 'refused'}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  const from = ['builtin', 'starter']
    .map((pack) => path.join(REPO, 'fixtures/packs', pack, 'seeds', `${fragment.seed}.json`))
    .find((file) => {
      try {
        readFileSync(file);
        return true;
      } catch {
        return false;
      }
    });
  if (!from) throw new Error(`no built-in or starter seed named ${fragment.seed}`);
  cpSync(from, path.join(dir, 'seeds', `${fragment.seed}.json`));
  const { calls: clock } = json('pack') as { calls: unknown };
  writeFileSync(
    path.join(dir, 'pack.json'),
    JSON.stringify({
      name: `calls-example-${service}`,
      version: '1.0.0',
      referenceVersion: '1',
      description: `The ${service} worked example of ${DOC}.`,
      seeds: [fragment.seed],
      timingPanel: [],
      calls: clock,
    }),
  );
  const source = fragment.outcomes.source.map((outcome) =>
    calls === undefined ? outcome : { ...outcome, calls },
  );
  writeFileSync(
    path.join(dir, 'tasks/example.json'),
    JSON.stringify({
      id: 'example',
      family: 'calls-example',
      service,
      seed: fragment.seed,
      actor: fragment.actor,
      instruction: `The ${service} worked example.`,
      reference: {
        kind: 'declarative',
        version: 1,
        selectors: {},
        checks: [
          {
            kind: 'count',
            name: 'the rows the example writes',
            category: 'value',
            reason: 'the example is about the calls, not the reference',
            table: EXAMPLE_TABLE[service],
            scope: 'inserted',
            expect: { min: 0 },
          },
        ],
      },
      conditions: { source: { description: 'the seed as is', patch: [] } },
      outcomes: { source },
    }),
  );
  return dir;
}

describe(`${DOC}: the worked examples of outcomes as API calls`, () => {
  it('has one per service, each with its task, derived patch, refused calls and error', () => {
    expect(json('pack')).toMatchObject({ calls: { start: expect.any(String) } });
    for (const service of SERVICES)
      for (const part of ['task', 'patch', 'refused', 'error'])
        expect(examples.has(`${service} ${part}`), `${service} ${part}`).toBe(true);
  });

  it.each(SERVICES)('%s: the loader derives the patch the doc shows', async (service) => {
    const result = await loadPack(examplePack(service));
    expect(result.ok ? [] : result.errors.map(formatPackError)).toEqual([]);
    if (!result.ok) return;
    const outcome = result.pack.task('example').outcomes.source[0];
    expect(outcome?.patch).toEqual(json(`${service} patch`));
  });

  it.each(SERVICES)('%s: the refused calls give the error the doc prints', async (service) => {
    const result = await loadPack(examplePack(service, json(`${service} refused`)));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.code)).toEqual(['call_refused']);
    expect(formatPackError(result.errors[0]!)).toBe(examples.get(`${service} error`));
  });
});
