import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handOffPlanError } from '../../src/run/plan-handoff.js';
import { HandoffFiles, readHandoff } from '../../src/vitest/handoff-file.js';

describe('HandoffFiles', () => {
  it('writes each handoff to a file the workers read back, keeps earlier ones until pruned, and removes them on close', () => {
    const files = new HandoffFiles();
    const first = files.write(handOffPlanError('123:1', new Error('first plan')));
    expect(first.id).toBe('123:1');
    expect(path.basename(first.file)).toBe('123-1.json');
    expect(readHandoff(first)).toEqual({
      ok: false,
      id: '123:1',
      code: 'APB_PLAN',
      problem: 'first plan',
      fix: expect.any(String),
    });
    const second = files.write(handOffPlanError('123:2', new Error('second plan')));
    // A run that started with the first may still have chunk files to start (watch mode).
    expect(readHandoff(first)).toMatchObject({ id: '123:1' });
    expect(readHandoff(second)).toMatchObject({ id: '123:2', problem: 'second plan' });
    files.prune();
    expect(existsSync(first.file)).toBe(false);
    expect(readHandoff(second)).toMatchObject({ id: '123:2' });
    files.prune();
    expect(readHandoff(second)).toMatchObject({ id: '123:2' });
    files.close();
    expect(existsSync(path.dirname(second.file))).toBe(false);
    // Writing again after close opens a new folder.
    const third = files.write(handOffPlanError('123:3', new Error('third plan')));
    expect(readHandoff(third)).toMatchObject({ id: '123:3' });
    files.close();
  });
});
