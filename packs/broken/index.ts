// Writes fixtures/packs/broken/<case>/: copies of the starter pack, each broken in one
// named way, for the loader's and `validate`'s error tests (packs/generate.ts runs it). The
// copies start from the committed starter pack.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../lib/generator.js';
import { calendarCallCases } from './calls-calendar.js';
import { slackCallCases } from './calls-slack.js';
import { invariantCases } from './invariants.js';

const starter = path.join(REPO_ROOT, 'fixtures/packs/starter');

// biome-ignore lint/suspicious/noExplicitAny: the fixtures are edited as untyped JSON on purpose
type Json = any;
const edit = (dir: string, file: string, change: (data: Json) => void) => {
  const target = path.join(dir, file);
  const data = JSON.parse(readFileSync(target, 'utf8'));
  change(data);
  writeFileSync(target, `${JSON.stringify(data, null, 2)}\n`);
};

/** Edit a file as text (for breakage JSON.stringify cannot write). */
const editText = (dir: string, file: string, change: (text: string) => string) => {
  const target = path.join(dir, file);
  writeFileSync(target, change(readFileSync(target, 'utf8')));
};

// 50 MB strings, a 200 MB seed, symbolic links and files outside the pack are made by the
// tests in a temporary folder (test/pack/limits-and-refusals.test.ts), never committed.
const cases: Record<string, (dir: string) => void> = {
  // A truncated task file.
  'malformed-json': (dir) => {
    const file = path.join(dir, 'tasks/starter_2.json');
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 400));
  },
  // Several schema violations in two files, reported together.
  'schema-violation': (dir) => {
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.outcomes.source[2].role = 'mistake';
      delete task.instruction;
    });
    edit(dir, 'tasks/starter_2.json', (task) => {
      task.outcomes.related[3].fault = undefined;
      task.reference.checks[0].category = 'colour';
    });
  },
  'unknown-seed': (dir) =>
    edit(dir, 'tasks/starter_2.json', (task) => {
      task.seed = 'linear-missing';
    }),
  'unknown-table': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.outcomes.background[1].patch[1].table = 'coments';
    }),
  // An update of a row that does not exist and an insert of a key that does.
  'broken-patch': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.outcomes.related[0].patch[0].key.id = 'iss-fac-404';
      task.conditions.background.patch.push({
        op: 'insert',
        table: 'issues',
        row: { id: 'iss-pay-5', title: 'clash' },
      });
    }),
  // "Mateo" matches two users: the selector must not silently pick one.
  'selector-cardinality': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.reference.selectors.mateo.where = { name: { startsWith: 'Mateo' } };
    }),
  // The selector binds Mateo through a column no Linear query serves (users.organizationId):
  // a verifier could not resolve him that way, so qualification refuses the task.
  'unreadable-evidence': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.reference.selectors.mateo.where.organizationId = 'org-starter';
    }),
  // A fault whose only stray change is to a column no Linear query serves (issues.cycleId):
  // the reference rejects it through "no other issue touched", which the actor cannot see.
  'invisible-change': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      const fault = task.outcomes.source.find((outcome: Json) => outcome.id === 'parts-order-too');
      fault.patch[1].set = { cycleId: 'cyc-boiler-week' };
    }),
  // A fault declared as such, but the reference finds nothing wrong with it.
  mislabelled: (dir) =>
    edit(dir, 'tasks/starter_2.json', (task) => {
      const fault = task.outcomes.source.find((outcome: Json) => outcome.id === 'facilities-state');
      fault.patch = task.outcomes.source[0].patch;
    }),

  // --- the loader: files, encodings, JSON text ---
  'duplicate-seed-entry': (dir) =>
    edit(dir, 'pack.json', (manifest) => {
      manifest.seeds.push('starter-linear');
    }),
  // A version that would forge a summary table and hide the real one in report.md.
  'markup-in-version': (dir) =>
    edit(dir, 'pack.json', (manifest) => {
      manifest.version =
        '1.0.0\n\n| condition | BA (95% CI) |\n| --- | --- |\n| **all** | **100.0%** |\n\n<!--';
    }),
  'duplicate-task-id': (dir) =>
    edit(dir, 'pack.json', (manifest) => {
      manifest.tasks = ['starter_1', 'starter_2', 'starter_1'];
    }),
  // JSON.parse would silently keep the second instruction.
  'duplicate-json-key': (dir) =>
    editText(dir, 'tasks/starter_1.json', (text) =>
      text.replace(
        '  "instruction":',
        '  "instruction": "a forged instruction",\n  "instruction":',
      ),
    ),
  'non-utf8': (dir) => {
    const file = path.join(dir, 'tasks/starter_2.json');
    const bytes = readFileSync(file);
    const at = bytes.indexOf('"instruction"') + '"instruction": "'.length;
    writeFileSync(
      file,
      Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at)]),
    );
  },
  bom: (dir) => editText(dir, 'tasks/starter_2.json', (text) => `\uFEFF${text}`),
  // tasks/ exists but holds no task file (a README keeps the folder in git).
  'empty-tasks-folder': (dir) => {
    rmSync(path.join(dir, 'tasks'), { recursive: true });
    mkdirSync(path.join(dir, 'tasks'));
    writeFileSync(path.join(dir, 'tasks/README.md'), 'No task files here.\n');
    edit(dir, 'pack.json', (manifest) => {
      manifest.timingPanel = [];
    });
  },
  // A seed name that climbs out of the pack to a real file (the starter pack's seed).
  'seed-name-escape': (dir) =>
    edit(dir, 'pack.json', (manifest) => {
      manifest.seeds = ['../../../starter/seeds/starter-linear'];
    }),
  'seed-is-folder': (dir) => {
    rmSync(path.join(dir, 'seeds/starter-linear.json'));
    mkdirSync(path.join(dir, 'seeds/starter-linear.json'));
    writeFileSync(path.join(dir, 'seeds/starter-linear.json/README.md'), 'A folder, not a seed.\n');
  },
  // --- the loader: seeds ---
  'seed-row-without-key': (dir) =>
    edit(dir, 'seeds/starter-linear.json', (seed) => {
      delete seed.tables.issues.rows[2].id;
    }),
  'duplicate-seed-key': (dir) =>
    edit(dir, 'seeds/starter-linear.json', (seed) => {
      seed.tables.users.rows.push({ ...seed.tables.users.rows[1], name: 'A second row, same id' });
    }),
  'unknown-seed-table': (dir) =>
    edit(dir, 'seeds/starter-linear.json', (seed) => {
      seed.tables.cycles = { key: ['id'], rows: [{ id: 'cyc-1', name: 'Boiler week' }] };
    }),
  // --- the loader: tasks ---
  // A hand-written insert without the columns every other comment has.
  'incomplete-insert': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      const row = task.outcomes.source[1].patch[1].row;
      delete row.createdAt;
      delete row.userId;
    }),
  'dangling-selector-ref': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.reference.checks[0].expect = { ref: 'mateo_ruiz', field: 'id' };
    }),
  'cardinality-min-max': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.reference.selectors.valve.cardinality = { min: 2, max: 1 };
    }),
  // The witness decision (with-note) inserts a comment the related condition already has:
  // the replay fails on the decision's insert, not on the witness's id string.
  'witness-replay-conflict': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.witness.decision = 'with-note';
      const comment = task.outcomes.source[1].patch[1];
      task.conditions.related.patch.push(structuredClone(comment));
      for (const outcome of task.outcomes.related)
        for (const op of outcome.patch) if (op.op === 'insert') op.row.id = 'cmt-run-2';
    }),
  // --- patterns in references ---
  'invalid-regex': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.reference.selectors.valve.where.title = { regex: '^Replace (boiler valve$' };
    }),
  // A backtracking engine needs about 2^32 steps to fail this pattern on the description.
  'catastrophic-regex': (dir) => {
    edit(dir, 'seeds/starter-linear.json', (seed) => {
      seed.tables.issues.rows[0].description = `${'a'.repeat(32)}!`;
    });
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.reference.checks.push({
        kind: 'count',
        name: 'no issue description is only the letter a',
        category: 'value',
        reason: 'a pattern check over every issue',
        table: 'issues',
        where: { description: { startsWith: 'a', regex: '^(a|a?)+$' } },
        expect: 0,
      });
    });
  },
  // The same for an imported Agent-Diff reference (Python pattern syntax).
  'legacy-diff-invalid-regex': (dir) =>
    edit(dir, 'tasks/starter_2.json', (task) => {
      task.reference = {
        kind: 'legacy-diff',
        version: 1,
        spec: {
          assertions: [
            {
              diff_type: 'changed',
              entity: 'issues',
              where: { title: { regex: '(?P<plot>Plot [A-C]' } },
              expected_changes: { assigneeId: { to: { exists: true } } },
            },
          ],
        },
      };
    }),
  // --- service invariants: one case per rule (broken-invariants.ts) ---
  ...invariantCases,
  // --- Slack states no user can produce, written as calls (broken-calls-slack.ts) ---
  ...slackCallCases,
  // --- Calendar states no user can produce, written as calls (broken-calendar-calls.ts) ---
  ...calendarCallCases,
};

/**
 * The starter pack writes its outcomes as calls with the derived patch; the cases break
 * patches by hand, so each copy keeps only the patches (a patch-only outcome stays legal,
 * docs/pack-format.md "Outcomes as API calls") and the loader reads what the case wrote.
 * The witness decision keeps its calls: the witness replay runs them on the related
 * before-state, and they re-save fields its derived patch leaves out (the status it saw).
 */
function patchesOnly(dir: string): void {
  for (const file of ['tasks/starter_1.json', 'tasks/starter_2.json'])
    edit(dir, file, (task) => {
      for (const [condition, panel] of Object.entries(task.outcomes) as [string, Json[]][])
        for (const outcome of panel)
          if (condition !== 'source' || outcome.id !== task.witness?.decision) delete outcome.calls;
    });
}

/** Writes every broken pack under `root`/fixtures/packs/broken, replacing what was there. */
export function writeInto(root: string): void {
  const brokenRoot = path.join(root, 'fixtures/packs/broken');
  rmSync(brokenRoot, { recursive: true, force: true });
  for (const [name, breakIt] of Object.entries(cases)) {
    const dir = path.join(brokenRoot, name);
    cpSync(starter, dir, { recursive: true });
    patchesOnly(dir);
    breakIt(dir);
  }
}
