import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACK_LIMITS } from '../../src/pack/limits.js';
import { loadPack } from '../../src/pack/load.js';
import { formatJsonPath } from '../../src/pack/pack-error.js';

const packs = path.resolve(import.meta.dirname, '../../fixtures/packs');
const starter = path.join(packs, 'starter');
const errorsOf = async (dir: string) => {
  const result = await loadPack(dir);
  if (result.ok) throw new Error(`expected ${dir} to be refused`);
  return result.errors.map((error) => ({
    file: error.file,
    at: formatJsonPath(error.path),
    code: error.code,
    message: error.message,
  }));
};

// Broken packs written by packs/broken/index.ts: each is refused with exactly one error.
const committed: Array<[string, { file: string; at: string; code: string; message: string }]> = [
  [
    'duplicate-seed-entry',
    {
      file: 'pack.json',
      at: '$.seeds[1]',
      code: 'duplicate_id',
      message: 'seed "starter-linear" is listed twice (also seeds[0])',
    },
  ],
  [
    'markup-in-version',
    {
      file: 'pack.json',
      at: '$.version',
      code: 'schema',
      message:
        'a version such as 1.0.0: up to 64 letters, digits and . _ + -, starting with a letter or digit',
    },
  ],
  [
    'duplicate-task-id',
    {
      file: 'pack.json',
      at: '$.tasks[2]',
      code: 'duplicate_id',
      message: 'task "starter_1" is listed twice (also tasks[0])',
    },
  ],
  [
    'duplicate-json-key',
    {
      file: 'tasks/starter_1.json',
      at: '$.instruction',
      code: 'duplicate_json_key',
      message:
        'member "instruction" appears twice in one object (JSON.parse would keep only the last) (line 12, column 3)',
    },
  ],
  [
    'incomplete-insert',
    {
      file: 'tasks/starter_1.json',
      at: '$.outcomes.source[1].patch[1].row',
      code: 'incomplete_row',
      message:
        'the row inserted into "comments" lacks column(s) userId, createdAt, which every seed row of the table has (write null for an empty value)',
    },
  ],
  [
    'seed-row-without-key',
    {
      file: 'seeds/starter-linear.json',
      at: '$.tables.issues.rows[2]',
      code: 'bad_key',
      message: 'the row has no value for primary-key column(s) id of "issues"',
    },
  ],
  [
    'duplicate-seed-key',
    {
      file: 'seeds/starter-linear.json',
      at: '$.tables.users.rows[6]',
      code: 'duplicate_primary_key',
      message: 'the row repeats primary key "usr-mateo" of rows[1] in "users"',
    },
  ],
  [
    'unknown-seed-table',
    {
      file: 'seeds/starter-linear.json',
      at: '$.tables.cycles',
      code: 'unknown_table',
      message: expect.stringMatching(/^the linear replica has no table "cycles" \(tables: /),
    },
  ],
  [
    'non-utf8',
    {
      file: 'tasks/starter_2.json',
      at: '$',
      code: 'encoding',
      message: 'the file is not valid UTF-8: byte 0xff at line 11, column 19; save it as UTF-8',
    },
  ],
  [
    'bom',
    {
      file: 'tasks/starter_2.json',
      at: '$',
      code: 'encoding',
      message:
        'the file starts with a byte order mark (line 1, column 1); save it as UTF-8 without BOM',
    },
  ],
  [
    'empty-tasks-folder',
    {
      file: 'tasks/',
      at: '$',
      code: 'no_tasks',
      message: 'the tasks/ folder holds no *.json file; a pack needs at least one task',
    },
  ],
  [
    'seed-name-escape',
    {
      file: 'pack.json',
      at: '$.seeds[0]',
      code: 'schema',
      message: 'a plain file name: letters, digits, _ . - (no path separators, no leading dot)',
    },
  ],
  [
    'seed-is-folder',
    {
      file: 'seeds/starter-linear.json',
      at: '$',
      code: 'not_a_file',
      message: 'seeds/starter-linear.json is a folder; expected a JSON file',
    },
  ],
  [
    'dangling-selector-ref',
    {
      file: 'tasks/starter_1.json',
      at: '$.reference.checks[0].expect.ref',
      code: 'unknown_binding',
      message:
        'ref "mateo_ruiz" names no selector or created binding in scope here (in scope: valve, mateo)',
    },
  ],
  [
    'cardinality-min-max',
    {
      file: 'tasks/starter_1.json',
      at: '$.reference.selectors.valve.cardinality.max',
      code: 'schema',
      message: 'max must be at least min (no count satisfies min > max)',
    },
  ],
  [
    'witness-replay-conflict',
    {
      file: 'tasks/starter_1.json',
      at: '$.outcomes.source[1].patch[1]',
      code: 'patch',
      message:
        'starter_1 witness: replaying source/with-note on the related before-state, patch op 1: insert into "comments" duplicates key "1ea09d91-85a7-40bb-b0e4-f465a27f3d9b"',
    },
  ],
  [
    'invalid-regex',
    {
      file: 'tasks/starter_1.json',
      at: '$.reference.selectors.valve.where.title.regex',
      code: 'invalid_pattern',
      message:
        'regular expression "^Replace (boiler valve$" is not valid RE2 syntax (missing closing ): `^Replace (boiler valve$`); RE2 has no lookaround or backreferences',
    },
  ],
  [
    'legacy-diff-invalid-regex',
    {
      file: 'tasks/starter_2.json',
      at: '$.reference.spec.assertions[0].where.title.regex',
      code: 'invalid_pattern',
      message:
        'regular expression "(?P<plot>Plot [A-C]" cannot be compiled: missing ), unterminated subpattern at position 0',
    },
  ],
];

describe('loadPack refuses corrupt packs at load, naming file, JSON path and code', () => {
  it.each(committed)('%s', async (name, expected) => {
    expect(await errorsOf(path.join(packs, 'broken', name))).toEqual([expected]);
  });
});

describe('loadPack refuses what it must not read (temporary packs)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'apb-pack-refusals-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let count = 0;
  /** A fresh copy of the starter pack, beside a file outside it that holds a secret. */
  const copy = () => {
    const root = path.join(work, `case-${count++}`);
    const dir = path.join(root, 'pack');
    cpSync(starter, dir, { recursive: true });
    writeFileSync(path.join(root, 'secret.json'), 'TOP-SECRET-VALUE is not JSON');
    return { root, dir };
  };
  const editManifest = (dir: string, change: (manifest: Record<string, unknown>) => void) => {
    const file = path.join(dir, 'pack.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    change(manifest);
    writeFileSync(file, JSON.stringify(manifest));
  };

  it('a seed that is a symbolic link to a file outside the pack: refused, not read', async () => {
    const { root, dir } = copy();
    const seed = path.join(dir, 'seeds/starter-linear.json');
    rmSync(seed);
    symlinkSync(path.join(root, 'secret.json'), seed);
    const errors = await errorsOf(dir);
    expect(errors).toEqual([
      {
        file: 'seeds/starter-linear.json',
        at: '$',
        code: 'not_a_file',
        message:
          'seeds/starter-linear.json is a symbolic link; a pack holds its own files (links could point outside it), so it was not followed',
      },
    ]);
    expect(JSON.stringify(errors)).not.toContain('TOP-SECRET');
  });

  it('a seed that is a named pipe: refused without opening it (opening would block)', async () => {
    const { dir } = copy();
    const seed = path.join(dir, 'seeds/starter-linear.json');
    rmSync(seed);
    execFileSync('mkfifo', [seed]);
    expect(await errorsOf(dir)).toEqual([
      {
        file: 'seeds/starter-linear.json',
        at: '$',
        code: 'not_a_file',
        message:
          'seeds/starter-linear.json is not a regular file (a device, socket or pipe); expected a JSON file',
      },
    ]);
  });

  it('a seeds/ folder that is a symbolic link: refused, not followed', async () => {
    const { root, dir } = copy();
    cpSync(path.join(dir, 'seeds'), path.join(root, 'elsewhere'), { recursive: true });
    rmSync(path.join(dir, 'seeds'), { recursive: true });
    symlinkSync(path.join(root, 'elsewhere'), path.join(dir, 'seeds'));
    expect(await errorsOf(dir)).toEqual([
      expect.objectContaining({
        file: 'seeds/starter-linear.json',
        at: '$',
        code: 'not_a_file',
        message: expect.stringMatching(/^seeds\/ is a symbolic link/),
      }),
    ]);
  });

  it('a seed name with ../ that names the secret: refused by pack.json, nothing echoed', async () => {
    const { dir } = copy();
    editManifest(dir, (manifest) => {
      manifest.seeds = ['../../secret'];
    });
    const errors = await errorsOf(dir);
    expect(errors).toEqual([
      expect.objectContaining({ file: 'pack.json', at: '$.seeds[0]', code: 'schema' }),
    ]);
    expect(JSON.stringify(errors)).not.toContain('TOP-SECRET');
  });

  it(`a ${PACK_LIMITS.seedBytes / 2 ** 20} MiB seed limit: a 200 MB seed is refused before it is read`, async () => {
    const { dir } = copy();
    // A sparse file: 200 MB long, no disk used; the loader must refuse it from its size.
    truncateSync(path.join(dir, 'seeds/starter-linear.json'), 200 * 1000 * 1000);
    expect(await errorsOf(dir)).toEqual([
      {
        file: 'seeds/starter-linear.json',
        at: '$',
        code: 'too_large',
        message: 'the file has 190.7 MiB; the limit for this file is 64 MiB',
      },
    ]);
  });

  it('a 50 MB string in a seed: refused at its JSON path, over the string limit', async () => {
    const { dir } = copy();
    const file = path.join(dir, 'seeds/starter-linear.json');
    const seed = JSON.parse(readFileSync(file, 'utf8'));
    seed.tables.issues.rows[3].description = 'x'.repeat(50 * 1000 * 1000);
    writeFileSync(file, JSON.stringify(seed));
    expect(await errorsOf(dir)).toEqual([
      {
        file: 'seeds/starter-linear.json',
        at: '$.tables.issues.rows[3].description',
        code: 'too_large',
        message: expect.stringMatching(
          /^a string of 50000000 characters exceeds the limit of 8388608 \(line 1, column \d+\)$/,
        ),
      },
    ]);
  });

  it('a task file over its size limit is refused from its size', async () => {
    const { dir } = copy();
    writeFileSync(
      path.join(dir, 'tasks/starter_2.json'),
      `{"pad": "${'y'.repeat(PACK_LIMITS.taskBytes)}"}`,
    );
    expect(await errorsOf(dir)).toEqual([
      expect.objectContaining({ file: 'tasks/starter_2.json', at: '$', code: 'too_large' }),
    ]);
  });

  it('nesting deeper than the limit is refused at the JSON path where it happens', async () => {
    const { dir } = copy();
    const file = path.join(dir, 'tasks/starter_2.json');
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    writeFileSync(file, readFileSync(file, 'utf8').replace('{', `{"deep": ${deep},`));
    const errors = await errorsOf(dir);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      file: 'tasks/starter_2.json',
      code: 'too_large',
      message: expect.stringMatching(/^objects and arrays nest deeper than the limit of 64/),
    });
    // The root object and 63 arrays make 64 levels; the 65th opens at $.deep[0]…[0] (63 indexes).
    expect(errors[0]!.at).toMatch(/^\$\.deep(\[0\]){63}$/);
  });

  it('an empty task list in pack.json is refused', async () => {
    const { dir } = copy();
    editManifest(dir, (manifest) => {
      manifest.tasks = [];
      manifest.timingPanel = [];
    });
    expect(await errorsOf(dir)).toEqual([
      {
        file: 'pack.json',
        at: '$.tasks',
        code: 'no_tasks',
        message:
          'pack.json lists no tasks; list task ids, or omit `tasks` to take every tasks/*.json',
      },
    ]);
  });
});
