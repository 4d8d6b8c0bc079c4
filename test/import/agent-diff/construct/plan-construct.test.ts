import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  constructPack,
  writeQualifiedConstruction,
} from '../../../../src/import/agent-diff/construct/construct-pack.js';
import { readTaskPlans } from '../../../../src/import/agent-diff/construct/plan.js';
import {
  type ImportedPack,
  importAgentDiff,
} from '../../../../src/import/agent-diff/import-pack.js';
import { loadPackOrThrow } from '../../../../src/pack/load.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../../support/shared.js';

// slack_88: "Try to invite the user 'ElonMusk' to #general. If you can't find him, inform me
// (Hubert) via Slack." The message's assertion is a regex ("find|found|unable|..."), so no text
// can be read off it; a plan file supplies one.
const TASK = 'slack_88';
const TEXT = 'I could not find ElonMusk in the workspace.';

describeWithAgentDiff('import agent-diff --construct --plans', () => {
  let root: string;
  let pack: ImportedPack;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'apb-plan-construct-'));
    const imported = await importAgentDiff({
      dataDir: AGENT_DIFF_DIR,
      suites: ['slack_bench.json', 'slack_bench_v2.json'].map((file) =>
        path.join(AGENT_DIFF_DIR, 'testsuites', file),
      ),
    });
    pack = {
      ...imported,
      manifest: { ...imported.manifest, tasks: [TASK] },
      tasks: imported.tasks.filter((task) => task.id === TASK),
    };
    expect(pack.tasks).toHaveLength(1);
  }, 120_000);
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('refuses the task without a plan, saying which value cannot be derived', () => {
    const [report] = constructPack(pack).reports;
    expect(report!.tier).toBe('refused');
    expect(report!.reason).toContain('messages: the channel or the text cannot be read off');
  });

  it("with the plan's message text, constructs a full task that qualifies after writing", async () => {
    const plans = path.join(root, 'plans');
    await mkdir(plans);
    await writeFile(
      path.join(plans, `${TASK}.json`),
      JSON.stringify({ task: TASK, values: { '3': { message_text: TEXT } } }),
    );
    const out = path.join(root, 'pack');
    const outcome = await writeQualifiedConstruction(
      out,
      pack,
      constructPack(pack, { plans: await readTaskPlans(plans) }),
    );
    const [report] = outcome.reports;
    expect(report!.reason).toBeUndefined();
    expect(report!.tier).toBe('full');
    expect(report!.qualified).toBe(true);
    expect(report!.plan).toBe(path.join(plans, `${TASK}.json`));
    const task = (await loadPackOrThrow(out)).task(TASK)!;
    const complete = task.outcomes.source.find((outcome) => outcome.role === 'complete')!;
    // The direct message to Hubert is opened and the plan's text posted into it.
    expect(complete.calls?.map((call) => call.path)).toEqual([
      '/conversations.open',
      '/chat.postMessage',
    ]);
    expect(JSON.stringify(complete.calls)).toContain(TEXT);
    expect(task.conditions.related?.change).toBe('binding');
  });

  it('refuses a plan for a task the suites do not have, or for an assertion it does not have', () => {
    const plan = (task: string, values: Record<string, Record<string, string>>) =>
      new Map([
        [
          task,
          { file: `/plans/${task}.json`, plan: { task, values, alternatives: {}, bindings: [] } },
        ],
      ]);
    expect(() => constructPack(pack, { plans: plan('slack_999', {}) })).toThrow(
      expect.objectContaining({ code: 'APB_AGENT_DIFF_PLAN' }),
    );
    expect(() =>
      constructPack(pack, { plans: plan(TASK, { '9': { message_text: TEXT } }) }),
    ).toThrow(/at \$\.values\.9: expected an assertion number of the task \(1 to 4\)/);
  });
});
