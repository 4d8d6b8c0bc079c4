import { describe, expect, it } from 'vitest';
import { EvaluationSlots } from '../../src/sandbox/evaluation-slots.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('EvaluationSlots', () => {
  it('runs at most `size` at once and starts the waiting ones in arrival order', async () => {
    const slots = new EvaluationSlots(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const gates: Array<() => void> = [];
    const runs = [0, 1, 2, 3, 4].map((n) =>
      slots.run(async () => {
        started.push(n);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        return n * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    while (gates.length < 5) {
      for (const open of gates) open();
      await tick();
    }
    for (const open of gates) open();
    expect(await Promise.all(runs)).toEqual([0, 10, 20, 30, 40]);
    expect(peak).toBe(2);
  });

  it('frees the slot when the work throws', async () => {
    const slots = new EvaluationSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
  });

  it('refuses a size that is not a positive whole number', () => {
    expect(() => new EvaluationSlots(0)).toThrow(/positive whole number, got 0/);
    expect(() => new EvaluationSlots(1.5)).toThrow(
      expect.objectContaining({ code: 'APB_ARGUMENT' }),
    );
  });

  it('starts queued work only once a slot is free, so its own clock excludes the wait', async () => {
    const slots = new EvaluationSlots(1);
    const events: string[] = [];
    let release: () => void = () => undefined;
    const first = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = slots.run(async () => {
      events.push('second started');
    });
    await tick();
    events.push('first finished');
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first finished', 'second started']);
  });
});
