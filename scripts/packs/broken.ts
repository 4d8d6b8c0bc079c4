// Writes fixtures/packs/broken/<case>/: copies of the starter pack, each broken in one
// named way, for the loader's and `validate`'s error tests. Run: npx tsx scripts/packs/broken.ts
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const starter = path.join(root, 'fixtures/packs/starter');
const brokenRoot = path.join(root, 'fixtures/packs/broken');

// biome-ignore lint/suspicious/noExplicitAny: the fixtures are edited as untyped JSON on purpose
type Json = any;
const edit = (dir: string, file: string, change: (data: Json) => void) => {
  const target = path.join(dir, file);
  const data = JSON.parse(readFileSync(target, 'utf8'));
  change(data);
  writeFileSync(target, `${JSON.stringify(data, null, 2)}\n`);
};

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
  // A fault declared as such, but the reference finds nothing wrong with it.
  mislabelled: (dir) =>
    edit(dir, 'tasks/starter_2.json', (task) => {
      const fault = task.outcomes.source.find((outcome: Json) => outcome.id === 'facilities-state');
      fault.patch = task.outcomes.source[0].patch;
    }),
};

rmSync(brokenRoot, { recursive: true, force: true });
for (const [name, breakIt] of Object.entries(cases)) {
  const dir = path.join(brokenRoot, name);
  cpSync(starter, dir, { recursive: true });
  breakIt(dir);
}
console.log(`wrote ${Object.keys(cases).length} broken packs to ${brokenRoot}`);
