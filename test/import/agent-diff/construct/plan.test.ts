import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentProofBenchError } from '../../../../src/contract/error.js';
import { parseTaskPlan, readTaskPlans } from '../../../../src/import/agent-diff/construct/plan.js';

function thrown(run: () => unknown): AgentProofBenchError {
  try {
    run();
  } catch (error) {
    if (error instanceof AgentProofBenchError) return error;
    throw error;
  }
  throw new Error('expected an AgentProofBenchError');
}

describe('per-task plan files (docs/agent-diff.md, "Plan files")', () => {
  it('reads values, alternatives and bindings, with defaults for the parts left out', () => {
    const plan = parseTaskPlan(
      '/plans/slack_88.json',
      JSON.stringify({
        task: 'slack_88',
        values: { '3': { message_text: 'I could not find ElonMusk.' } },
        bindings: [{ value: 'U1', table: 'users', where: { display_name: 'Hubert' } }],
      }),
    );
    expect(plan.values).toEqual({ '3': { message_text: 'I could not find ElonMusk.' } });
    expect(plan.alternatives).toEqual({});
    expect(plan.bindings).toEqual([
      { value: 'U1', table: 'users', keyColumn: 'id', where: { display_name: 'Hubert' } },
    ]);
  });

  it('names the file, the JSON path and what was expected, with a stable code', () => {
    const wrongType = thrown(() =>
      parseTaskPlan(
        '/plans/box_1.json',
        JSON.stringify({ task: 'box_1', alternatives: { '1': { name: 'not a list' } } }),
      ),
    );
    expect(wrongType.code).toBe('APB_AGENT_DIFF_PLAN');
    expect(wrongType.message).toContain('/plans/box_1.json at $.alternatives.1.name: expected');
    const badNumber = thrown(() =>
      parseTaskPlan('/plans/box_1.json', JSON.stringify({ task: 'box_1', values: { x: {} } })),
    );
    expect(badNumber.message).toContain('at $.values.x');
    expect(badNumber.message).toContain('assertion number');
    const unknownKey = thrown(() =>
      parseTaskPlan('/plans/box_1.json', JSON.stringify({ task: 'box_1', value: {} })),
    );
    expect(unknownKey.code).toBe('APB_AGENT_DIFF_PLAN');
    expect(unknownKey.message).toContain('/plans/box_1.json');
    const otherTask = thrown(() =>
      parseTaskPlan('/plans/box_1.json', JSON.stringify({ task: 'box_2' })),
    );
    expect(otherTask.message).toContain('at $.task');
    expect(otherTask.message).toContain('"box_1"');
    const notJson = thrown(() => parseTaskPlan('/plans/box_1.json', '{ task: '));
    expect(notJson.code).toBe('APB_AGENT_DIFF_PLAN');
    expect(notJson.message).toContain('not JSON');
  });

  describe('a plan folder', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'apb-plans-'));
      await writeFile(path.join(dir, 'linear_3.json'), JSON.stringify({ task: 'linear_3' }));
      await writeFile(path.join(dir, 'notes.txt'), 'not a plan');
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('gives each plan by task id with its file, and ignores files that are not .json', async () => {
      const plans = await readTaskPlans(dir);
      expect([...plans.keys()]).toEqual(['linear_3']);
      expect(plans.get('linear_3')!.file).toBe(path.join(dir, 'linear_3.json'));
    });

    it('refuses a folder that does not exist, with the code', async () => {
      await expect(readTaskPlans(path.join(dir, 'missing'))).rejects.toMatchObject({
        code: 'APB_AGENT_DIFF_PLAN',
      });
    });
  });
});
