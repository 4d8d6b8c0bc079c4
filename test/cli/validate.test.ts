import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../support/cli.js';

const root = path.resolve(import.meta.dirname, '../..');
const run = runCliCaptured;

describe('agentproofbench validate', () => {
  it('prints every starter task as qualified and exits 0', async () => {
    const { code, out } = await run('validate', path.join(root, 'fixtures/packs/starter'));
    expect(code).toBe(0);
    expect(out.split('\n').slice(1)).toEqual([
      '✓ starter_1 qualified (18 outcomes labelled as declared)',
      '✓ starter_2 qualified (15 outcomes labelled as declared)',
      'composition: 2 tasks (linear 2, slack 0, box 0, calendar 0) in 2 families (linear 2, slack 0, box 0, calendar 0), 0 families with two or more tasks',
      '  related changes (tasks): binding 1, value 0, membership 0, preservation 1',
      '  traps (tasks): shared-name 1, renamed-entity 1, pagination 0, thread-or-edit 0, archived-or-trashed 0, time-zone 0, recurrence 0, case-whitespace 0, copied-value 0, preserve-across-tables 0, legal-alternative 0',
      '  faults (distinct / panel states): identity 3/9, value 1/3, set 0/0, relation 1/3, preservation 1/3',
      'states: 33 derived from calls, 0 not derived from calls, 0 recorded (natural/prefix), 0 without changes',
      '2/2 tasks qualified',
      'tiers: 2 full task(s) (2 qualified), 0 partial, 0 natural panel only',
    ]);
  });

  it('exits 1 on a mislabelled outcome, naming task, outcome and check', async () => {
    const { code, out } = await run(
      'validate',
      path.join(root, 'fixtures/packs/broken/mislabelled'),
    );
    expect(code).toBe(1);
    expect(out).toContain('✗ starter_2 not qualified:');
    expect(out).toContain(
      '[mislabelled] source/facilities-state is declared invalid (fault, relation) but every reference check passes, including "status is Payments › In Progress"',
    );
  });

  it('exits 1 on a reference that reads a column no read operation serves, naming file, JSON path, column, code and fix', async () => {
    const { code, out } = await run(
      'validate',
      path.join(root, 'fixtures/packs/broken/unreadable-evidence'),
    );
    expect(code).toBe(1);
    expect(out).toContain(
      '[unreadable_evidence] tasks/starter_1.json $.reference.selectors.mateo.where.organizationId reads users.organizationId, which no linear read operation serves to the actor',
    );
    expect(out).toMatch(/^ {6}Fix: resolve the entity through a column the linear API serves/m);
    expect(out).toContain('1/2 tasks qualified');
  });

  it('exits 1 on file errors and lists each with file and JSON path', async () => {
    const { code, err } = await run(
      'validate',
      path.join(root, 'fixtures/packs/broken/schema-violation'),
    );
    expect(code).toBe(1);
    expect(err).toContain('4 error(s) in the pack files');
    expect(err).toContain(
      'tasks/starter_2.json $.outcomes.related[3].fault: a fault outcome needs a fault category (schema)',
    );
  });

  it('--json gives a machine-readable result', async () => {
    const { code, out } = await run(
      'validate',
      '--json',
      path.join(root, 'fixtures/packs/broken/unknown-seed'),
    );
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({
      ok: false,
      errors: [{ file: 'tasks/starter_2.json', jsonPath: '$.seed', code: 'unknown_seed' }],
    });
    const ok = JSON.parse((await run('validate', '--json', 'starter')).out);
    expect(ok).toMatchObject({
      ok: true,
      name: 'starter',
      tasks: [
        { task: 'starter_1', qualified: true },
        { task: 'starter_2', qualified: true },
      ],
      composition: {
        tasks: { total: 2, byService: { linear: 2 } },
        families: { total: 2, withTwoOrMoreTasks: 0 },
        traps: { 'shared-name': 1, 'renamed-entity': 1, pagination: 0 },
        relatedChanges: { binding: 1, preservation: 1, value: 0, membership: 0 },
      },
    });
  });

  it('refuses an unknown pack and unknown options with exit codes 1 and 2', async () => {
    expect((await run('validate', '/nonexistent/pack')).err).toContain('APB_PACK_NOT_FOUND');
    expect((await run('validate', '/nonexistent/pack')).code).toBe(1);
    expect((await run('validate', '--colour')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
  });

  it('the binary sets its exit code from the command', { timeout: 120_000 }, async () => {
    const ok = await execa('npx', ['tsx', 'src/cli/bin.ts', 'validate', 'starter'], {
      cwd: root,
      reject: false,
    });
    expect(ok.exitCode).toBe(0);
    const bad = await execa(
      'npx',
      ['tsx', 'src/cli/bin.ts', 'validate', 'fixtures/packs/broken/mislabelled'],
      { cwd: root, reject: false },
    );
    expect(bad.exitCode).toBe(1);
  });
});

describe('agentproofbench validate on pack patterns', () => {
  it('refuses an invalid regex at load with file, JSON path and code', async () => {
    const { code, err } = await run(
      'validate',
      path.join(root, 'fixtures/packs/broken/invalid-regex'),
    );
    expect(code).toBe(1);
    expect(err).toContain(
      'tasks/starter_1.json $.reference.selectors.valve.where.title.regex: regular expression "^Replace (boiler valve$" is not valid RE2 syntax',
    );
    expect(err).toMatch(/\(invalid_pattern\)$/m);
  });

  // A backtracking engine would need ~2^32 steps on the fixture's description and never
  // return; the child process is killed at the timeout if validate hangs.
  it('qualifies a pack holding a catastrophic regex instead of hanging', {
    timeout: 120_000,
  }, async () => {
    // One node process (tsx as a loader, no npx wrapper), so the timeout's SIGKILL ends it.
    const result = await execa(
      process.execPath,
      ['--import', 'tsx', 'src/cli/bin.ts', 'validate', 'fixtures/packs/broken/catastrophic-regex'],
      { cwd: root, reject: false, timeout: 60_000, killSignal: 'SIGKILL' },
    );
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('2/2 tasks qualified');
  });
});

describe('agentproofbench (dispatch)', () => {
  it('lists every command in its usage and answers --help per command', async () => {
    const usage = await run('--help');
    expect(usage.code).toBe(0);
    for (const command of ['validate', 'schema', 'latency', 'import agent-diff', 'run', 'compare'])
      expect(usage.out).toContain(`  ${command}`);
    const help = await run('schema', '--help');
    expect(help).toMatchObject({
      code: 0,
      out: expect.stringContaining(
        'agentproofbench schema [--kind manifest|seed|task|executions|report]',
      ),
    });
  });

  it('turns an error thrown by a command into a message and exit code 1', async () => {
    const { code, err } = await run('latency', '--pack', '/nonexistent/pack', '--verifier', 'x.ts');
    expect(code).toBe(1);
    expect(err).toContain('agentproofbench latency: APB_PACK_NOT_FOUND');
  });
});
