// Writes two copies of the starter pack with recorded executions for starter_1:
// fixtures/packs/starter-executions/ (valid: for the loader, replay and matcher tests) and
// fixtures/packs/broken-executions/<case>/ (a branch patch on a missing row, a start point on
// an unknown condition, a branch with three stages: for `validate`'s error tests).
// Run: npx tsx scripts/packs/starter-executions.ts
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Executions, ExecutionsSchema, type Stage } from '../../src/schema/execution.js';
import { outputRoot } from '../lib/generator.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const starter = path.join(root, 'fixtures/packs/starter');

const at = (minute: number) => `2026-03-09T14:${String(minute).padStart(2, '0')}:00.000Z`;
const usage = (turns: number, writes: number, succeeded = writes) => ({
  turns,
  operations: writes + 2,
  cost: turns * 0.004,
  writesIssued: writes,
  writesSucceeded: succeeded,
});
const assign = (assigneeId: string, minute: number, stateId?: string) => ({
  op: 'update' as const,
  table: 'issues',
  key: { id: 'iss-fac-1' },
  set: { assigneeId, ...(stateId ? { stateId } : {}), updatedAt: at(minute) },
});
const idle = (description: string): Stage => ({
  description,
  status: 'completed',
  patch: [],
  usage: usage(1, 0),
});

const executions: Executions = {
  task: 'starter_1',
  runs: [
    {
      id: 'run-a',
      actor: 'fixture-actor',
      description: 'picked the read-only Mateo first',
      starts: {
        natural: {
          condition: 'related',
          description: 'assigned the read-only Mateo Ruiz account and stopped',
          patch: [assign('usr-mateo-ro', 30)],
          branches: {
            neutral: [
              {
                description: 'looked the users up again and assigned the active Mateo Ruiz',
                status: 'completed',
                patch: [assign('usr-mateo', 36)],
                usage: usage(3, 1),
              },
              idle('checked again; nothing to change'),
            ],
            rejected: [
              {
                description: 'assigned the active Mateo Ruiz',
                status: 'completed',
                patch: [assign('usr-mateo', 36)],
                usage: usage(2, 1),
              },
              idle('kept it'),
            ],
          },
        },
        checkpoint: {
          condition: 'related',
          description: 'after the first write round: a hand-over comment, no assignee yet',
          patch: [
            {
              op: 'insert',
              table: 'comments',
              row: {
                id: 'cmt-exec-1',
                issueId: 'iss-fac-1',
                userId: 'usr-lena',
                body: 'Handing over to Mateo while Tomás is away.',
                createdAt: at(30),
              },
            },
          ],
          branches: {
            neutral: [
              {
                description: 'assigned Mateo Ruiz, leaving the status',
                status: 'completed',
                patch: [assign('usr-mateo', 37)],
                usage: usage(2, 1),
              },
              idle('verified'),
            ],
            rejected: [
              {
                description: 'assigned Mateo Ruiz and also moved the issue back to Todo',
                status: 'completed',
                patch: [assign('usr-mateo', 37, 'st-FAC-todo')],
                usage: usage(2, 2, 1),
              },
              {
                description: 'ran out of its usage limit while re-reading the board',
                status: 'unresolved',
                patch: [],
                usage: usage(6, 0),
              },
            ],
          },
        },
      },
    },
  ],
};

const write = (dir: string, data: unknown) => {
  rmSync(dir, { recursive: true, force: true });
  cpSync(starter, dir, { recursive: true });
  mkdirSync(path.join(dir, 'executions'), { recursive: true });
  writeFileSync(path.join(dir, 'executions/starter_1.json'), `${JSON.stringify(data, null, 2)}\n`);
};

write(
  path.join(outputRoot(), 'fixtures/packs/starter-executions'),
  ExecutionsSchema.parse(executions),
);

// biome-ignore lint/suspicious/noExplicitAny: the broken copies are edited as untyped JSON on purpose
type Json = any;
const brokenCopies: Record<string, (data: Json) => void> = {
  'missing-row': (data) => {
    data.runs[0].starts.natural.branches.neutral[1].patch = [
      { op: 'update', table: 'issues', key: { id: 'iss-fac-404' }, set: { title: 'gone' } },
    ];
  },
  'unknown-condition': (data) => {
    data.runs[0].starts.checkpoint.condition = 'sideways';
  },
  'three-stages': (data) => {
    data.runs[0].starts.natural.branches.rejected.push(idle('a third stage the gates never run'));
  },
  // Two stages of 1e308 summed to "$Infinity" in the report before costs were bounded.
  'huge-cost': (data) => {
    for (const stage of data.runs[0].starts.natural.branches.neutral) stage.usage.cost = 1e308;
  },
};
rmSync(path.join(outputRoot(), 'fixtures/packs/broken-executions'), {
  recursive: true,
  force: true,
});
for (const [name, breakIt] of Object.entries(brokenCopies)) {
  const data = structuredClone(executions);
  breakIt(data);
  write(path.join(outputRoot(), 'fixtures/packs/broken-executions', name), data);
}
console.log('wrote fixtures/packs/starter-executions and fixtures/packs/broken-executions/*');
