// Writes two copies of the starter pack with recorded executions for starter_1:
// fixtures/packs/starter-executions/ (valid: for the loader, replay and matcher tests) and
// fixtures/packs/broken-executions/<case>/ (a branch patch on a missing row, a start point on
// an unknown condition, a branch with three stages: for `validate`'s error tests).
// Every state is written as the actor's calls with the patch the Linear write model derives
// (docs/pack-format.md, "Outcomes as API calls"). Both copy the starter pack
// packs/starter/index.ts has just generated into the same root; packs/generate.ts runs it.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ApiCall,
  BRANCHES,
  deriveCalls,
  type Executions,
  ExecutionsSchema,
  jsonText,
  linear,
  START_POINTS,
  type Stage,
  type State,
  seedState,
  TaskSchema,
} from 'agentproofbench/authoring';
import { STARTER_CALL_CLOCK } from '../starter/clock.js';

const { commentCreate, issueUpdate } = linear;

const usage = (turns: number, writes: number, succeeded = writes) => ({
  turns,
  operations: writes + 2,
  cost: turns * 0.004,
  writesIssued: writes,
  writesSucceeded: succeeded,
});
const assign = (assigneeId: string, stateId?: string): ApiCall =>
  issueUpdate('iss-fac-1', { assigneeId, ...(stateId ? { stateId } : {}) });
const idle = (description: string): Stage => ({
  description,
  status: 'completed',
  patch: [],
  usage: usage(1, 0),
});
/** A stage written as calls; its patch is derived below. */
const acted = (description: string, calls: ApiCall[], stageUsage: Stage['usage']): Stage => ({
  description,
  status: 'completed',
  calls,
  patch: [],
  usage: stageUsage,
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
          calls: [assign('usr-mateo-ro')],
          patch: [],
          branches: {
            neutral: [
              acted(
                'looked the users up again and assigned the active Mateo Ruiz',
                [assign('usr-mateo')],
                usage(3, 1),
              ),
              idle('checked again; nothing to change'),
            ],
            rejected: [
              acted('assigned the active Mateo Ruiz', [assign('usr-mateo')], usage(2, 1)),
              idle('kept it'),
            ],
          },
        },
        checkpoint: {
          condition: 'related',
          description: 'after the first write round: a hand-over comment, no assignee yet',
          calls: [commentCreate('iss-fac-1', 'Handing over to Mateo while Tomás is away.')],
          patch: [],
          branches: {
            neutral: [
              acted('assigned Mateo Ruiz, leaving the status', [assign('usr-mateo')], usage(2, 1)),
              idle('verified'),
            ],
            rejected: [
              // Two writes issued, one of them refused: only the call that succeeded changed the state.
              acted(
                'assigned Mateo Ruiz and also moved the issue back to Todo',
                [assign('usr-mateo', 'st-FAC-todo')],
                usage(2, 2, 1),
              ),
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

/**
 * Each state's patch, derived from its calls on the state before it (the start on the related
 * before-state, each stage on the one before it), with the loader's stream names; the task and
 * its seed are read from the starter pack in `starter`.
 */
function withDerivedPatches(starter: string, written: Executions): Executions {
  const task = TaskSchema.parse(
    JSON.parse(readFileSync(path.join(starter, 'tasks', `${written.task}.json`), 'utf8')),
  );
  const base = seedState(starter, task.seed);
  const derived = structuredClone(written);
  for (const run of derived.runs)
    for (const name of START_POINTS) {
      const start = run.starts[name];
      const condition = task.conditions[start.condition as 'related'];
      const before = base.apply(condition?.patch ?? []).state;
      const stream = `${task.id}/${run.id}/${name}`;
      const derive = (state: State, item: { calls?: ApiCall[]; patch: unknown }, at: string) => {
        if (!item.calls) return state;
        const result = deriveCalls(state, task.actor, item.calls, STARTER_CALL_CLOCK, at);
        item.patch = result.patch;
        return result.after;
      };
      const after = derive(before, start, stream);
      for (const branch of BRANCHES) {
        let previous = after;
        start.branches[branch].forEach((stage, index) => {
          previous = derive(previous, stage, `${stream}/${branch}/${index + 1}`);
        });
      }
    }
  return derived;
}

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

/**
 * Writes fixtures/packs/starter-executions and fixtures/packs/broken-executions/<case> under
 * `root`, each a copy of the starter pack under `root` with its executions file.
 */
export function writeInto(root: string): void {
  const starter = path.join(root, 'fixtures/packs/starter');
  const write = (dir: string, data: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    cpSync(starter, dir, { recursive: true });
    mkdirSync(path.join(dir, 'executions'), { recursive: true });
    writeFileSync(path.join(dir, 'executions/starter_1.json'), jsonText(data));
  };
  const recorded = ExecutionsSchema.parse(withDerivedPatches(starter, executions));
  write(path.join(root, 'fixtures/packs/starter-executions'), recorded);
  rmSync(path.join(root, 'fixtures/packs/broken-executions'), { recursive: true, force: true });
  for (const [name, breakIt] of Object.entries(brokenCopies)) {
    const data = structuredClone(recorded);
    breakIt(data);
    write(path.join(root, 'fixtures/packs/broken-executions', name), data);
  }
}
