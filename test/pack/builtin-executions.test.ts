import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtinExecutions, executionsFileText } from '../../packs/builtin/executions/stories.js';
import { chainsOfTask, type ExecutionChain } from '../../src/execution/chain.js';
import { replayReferenceGate } from '../../src/execution/replay.js';
import type { Pack } from '../../src/pack/pack.js';
import { builtinPackDir } from '../../src/pack/resolve.js';
import { loadBuiltinPack } from '../support/verifier-harness.js';

const dir = builtinPackDir('builtin');

describe('the built-in recorded executions', () => {
  let pack: Pack;
  let chains: ExecutionChain[];
  // Through the plan cache: the pack is only this test's fixture (test/run/open-pack.test.ts).
  beforeAll(async () => {
    pack = await loadBuiltinPack();
    chains = pack.tasks.flatMap((task) => {
      const { chains: labelled, problems } = chainsOfTask(pack, task);
      expect(problems, task.id).toEqual([]);
      return labelled;
    });
  }, 60_000);

  it('are what packs/builtin/executions.ts writes (regenerate after editing a story or a task)', () => {
    const generated = builtinExecutions(dir);
    const committed = readdirSync(path.join(dir, 'executions')).sort();
    expect(committed).toEqual([...generated.keys()].map((task) => `${task}.json`).sort());
    for (const [task, executions] of generated) {
      expect(
        readFileSync(path.join(dir, 'executions', `${task}.json`), 'utf8'),
        `executions/${task}.json is stale; run: npx tsx packs/generate.ts`,
      ).toBe(executionsFileText(executions));
    }
  });

  it('cover three tasks per service with two runs each, avoiding calendar_1 and box_2', () => {
    const byService = new Map<string, string[]>();
    for (const [task, executions] of pack.executions) {
      expect(executions.runs, task).toHaveLength(2);
      const service = pack.task(task).service;
      byService.set(service, [...(byService.get(service) ?? []), task]);
    }
    expect([...byService.keys()].sort()).toEqual(['box', 'calendar', 'linear', 'slack']);
    for (const tasks of byService.values()) expect(tasks.length).toBeGreaterThanOrEqual(3);
    expect(pack.executions.has('calendar_1') || pack.executions.has('box_2')).toBe(false);
  });

  it('hold the histories the study needs: repairs, idempotent stages, regressions, partial checkpoints, an unresolved stage', () => {
    const label = (chain: ExecutionChain, id: keyof ExecutionChain['states']) =>
      chain.states[id].label;
    const neutralRepairs = chains.filter(
      (chain) => label(chain, 'start') === 'invalid' && label(chain, 'neutral.2') === 'valid',
    );
    const idempotent = chains.filter(
      (chain) => chain.states['neutral.2'].fingerprint === chain.states['neutral.1'].fingerprint,
    );
    // A generic rejection of a valid start that the actor answers by breaking it.
    const regressionsAfterRejection = chains.filter(
      (chain) => label(chain, 'start') === 'valid' && label(chain, 'rejected.1') === 'invalid',
    );
    const partialCheckpoints = chains.filter(
      (chain) => chain.start === 'checkpoint' && label(chain, 'start') === 'invalid',
    );
    const unresolved = chains.filter((chain) =>
      Object.values(chain.states).some((state) => state.unresolved),
    );
    expect(neutralRepairs.length).toBeGreaterThanOrEqual(10);
    expect(idempotent.length).toBeGreaterThanOrEqual(10);
    expect(regressionsAfterRejection.length).toBeGreaterThanOrEqual(3);
    expect(partialCheckpoints.length).toBeGreaterThanOrEqual(10);
    expect(unresolved.length).toBeGreaterThanOrEqual(1);
  });

  it('let the reference gate deliver most start points: the recorded branches can reach valid states', () => {
    const correct = chains.filter((chain) => replayReferenceGate(chain).kind === 'correct').length;
    expect(correct / chains.length).toBeGreaterThan(0.9);
  });
});
