import { describe, expect, it } from 'vitest';
import { ApiCallSchema, CallClockSchema } from '../../src/schema/call.js';
import { StageSchema } from '../../src/schema/execution.js';
import { ManifestSchema } from '../../src/schema/manifest.js';
import { OutcomeSchema, WitnessSchema } from '../../src/schema/task.js';

const call = { method: 'POST', path: '/chat.postMessage', body: { channel: 'C1', text: 'hi' } };
const outcome = { id: 'done', role: 'complete', label: 'valid', description: 'did it' };
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('calls in the pack format', () => {
  it('takes an outcome written as calls, as a patch, or as both; not as neither', () => {
    expect(OutcomeSchema.safeParse({ ...outcome, calls: [call] }).success).toBe(true);
    expect(OutcomeSchema.safeParse({ ...outcome, patch: [] }).success).toBe(true);
    expect(OutcomeSchema.safeParse({ ...outcome, patch: [], calls: [call] }).success).toBe(true);
    expect(messages(OutcomeSchema.safeParse(outcome))).toEqual([
      'an outcome needs a `patch`, its `calls`, or both',
    ]);
    expect(OutcomeSchema.safeParse({ ...outcome, calls: [] }).success).toBe(false);
  });

  it('takes calls on a witness and on a stage', () => {
    expect(WitnessSchema.safeParse({ decision: 'done', calls: [call] }).success).toBe(true);
    const usage = { turns: 1, operations: 1, writesIssued: 1, writesSucceeded: 1 };
    expect(StageSchema.safeParse({ description: 's', calls: [call], usage }).success).toBe(true);
    expect(StageSchema.safeParse({ description: 's', usage }).success).toBe(false);
  });

  it('refuses a call with an unknown method or member', () => {
    expect(ApiCallSchema.safeParse({ ...call, method: 'post' }).success).toBe(false);
    expect(ApiCallSchema.safeParse({ ...call, headers: {} }).success).toBe(false);
    expect(
      ApiCallSchema.safeParse({ method: 'GET', path: '/x', query: { a: [1, 'b'] } }).success,
    ).toBe(true);
  });

  it('checks the clock in pack.json', () => {
    const clock = { start: '2026-03-09T14:30:00Z', stepMs: 1000, idSeed: 'builtin' };
    expect(CallClockSchema.safeParse(clock).success).toBe(true);
    expect(
      CallClockSchema.safeParse({ ...clock, start: '2026-03-09T14:30:00+01:00' }).success,
    ).toBe(true);
    expect(CallClockSchema.safeParse({ ...clock, start: '2026-03-09' }).success).toBe(false);
    expect(CallClockSchema.safeParse({ ...clock, start: '2026-02-30T99:00:00Z' }).success).toBe(
      false,
    );
    expect(CallClockSchema.safeParse({ ...clock, stepMs: 0 }).success).toBe(false);
    expect(CallClockSchema.safeParse({ ...clock, stepMs: 1.5 }).success).toBe(false);
    const manifest = { name: 'p', version: '1', referenceVersion: '1', seeds: ['s'], calls: clock };
    expect(ManifestSchema.parse(manifest).calls).toEqual(clock);
  });
});
