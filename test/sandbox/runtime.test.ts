import { afterAll, describe, expect, it } from 'vitest';
import {
  createFakeReplica,
  launchTask,
  MISPOSTED_WORKSPACE,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../fixtures/verifiers/chat-workspace.js';
import type { EvaluationRecord } from '../../src/contract/record.js';
import { createRuntime, RUNTIME_NAMES, type Runtime } from '../../src/sandbox/runtime.js';
import { okVerifier } from './support/fixtures.js';

const withoutDuration = ({ durationMs: _durationMs, ...rest }: EvaluationRecord) => rest;
const opened: Runtime[] = [];
afterAll(async () => {
  for (const runtime of opened) await runtime.close();
});

async function open(name: (typeof RUNTIME_NAMES)[number]): Promise<Runtime> {
  const runtime = await createRuntime(name, { limits: { timeoutMs: 10_000, memoryMb: 256 } });
  opened.push(runtime);
  return runtime;
}

describe('createRuntime', () => {
  it('creates each runtime under its name, with an isolation report of the matching level', async () => {
    const levels: Record<string, string> = {};
    for (const name of RUNTIME_NAMES) {
      const runtime = await open(name);
      expect(runtime.name).toBe(name);
      levels[name] = runtime.isolation.level;
    }
    expect(levels).toEqual({ isolate: 'isolate', process: 'process', inline: 'none' });
  });

  it('rejects an unknown runtime name, listing the known ones', async () => {
    await expect(createRuntime('docker' as never)).rejects.toThrow(
      'unknown runtime "docker"; expected one of isolate, process, inline',
    );
  });

  it('gives the same record (apart from duration) for the TS verifier in every runtime and for its Python twin', async () => {
    const [isolate, inline, processRuntime] = [
      await open('isolate'),
      await open('inline'),
      await open('process'),
    ];
    for (const after of [POSTED_WORKSPACE, MISPOSTED_WORKSPACE]) {
      const input = {
        task: launchTask(),
        before: createFakeReplica(QUIET_WORKSPACE),
        after: createFakeReplica(after),
      };
      const records = [
        await isolate.evaluate({ ...input, verifier: okVerifier('launch-summary.ts') }),
        await inline.evaluate({ ...input, verifier: okVerifier('launch-summary.ts') }),
        await processRuntime.evaluate({ ...input, verifier: okVerifier('launch_summary.py') }),
      ].map(withoutDuration);
      expect(records[0]?.verdict).toBe(after === POSTED_WORKSPACE ? 'pass' : 'fail');
      expect(records[1]).toEqual(records[0]);
      expect(records[2]).toEqual(records[0]);
    }
  });
});
