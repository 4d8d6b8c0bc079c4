import { describe, expect, it } from 'vitest';
import { oneMessagePlan } from '../../../../src/import/agent-diff/construct/one-message.js';
import {
  type TranslateContext,
  translateAssertion,
} from '../../../../src/import/agent-diff/construct/translate.js';
import { legacyDiffKind } from '../../../../src/reference/legacy-diff/kind.js';
import type { LegacyAssertion } from '../../../../src/reference/legacy-diff/spec.js';
import type { ApiCall } from '../../../../src/schema/call.js';
import type { Row } from '../../../../src/schema/json.js';
import type { Reference } from '../../../../src/schema/task.js';
import { stateOf } from '../support/mini.js';

const actor = { id: 'U1', name: 'Agent' };
const KEYS = { messages: ['message_id'] };
const before = stateOf({ messages: [] }, KEYS);

const message = (text: string, over: Partial<LegacyAssertion> = {}): LegacyAssertion => ({
  diff_type: 'added',
  entity: 'messages',
  where: { channel_id: { eq: 'C1' }, message_text: { contains: text } },
  expected_count: 1,
  expected_changes: {},
  ignore: [],
  ...over,
});

/** The actor's calls as construction makes them: the plan's replacement, else the assertion. */
function callsOf(assertions: LegacyAssertion[], instruction: string): ApiCall[] {
  const ctx: TranslateContext = { before, instruction, actor, assertions };
  const plan = oneMessagePlan('slack', assertions, ctx);
  return assertions.flatMap((assertion, index) => {
    const planned = plan.has(index) ? plan.get(index) : assertion;
    if (!planned) return [];
    if ('refused' in planned) throw new Error(planned.refused);
    const translated = translateAssertion('slack', planned, ctx);
    if (!translated.ok) throw new Error(translated.reason);
    return translated.calls;
  });
}

/** The rows chat.postMessage writes for these calls, judged by Agent-Diff's own assertions. */
function judge(assertions: LegacyAssertion[], calls: ApiCall[]): string {
  const rows: Row[] = calls.map((call, index) => {
    const body = call.body as { channel: string; text: string };
    return {
      message_id: `1.${index}`,
      channel_id: body.channel,
      user_id: actor.id,
      message_text: body.text,
    };
  });
  const reference = { kind: 'legacy-diff', version: 1, spec: { assertions } } as Reference;
  return legacyDiffKind.evaluate(reference, before, stateOf({ messages: rows }, KEYS)).label;
}

describe('oneMessagePlan: one requested message for several contains assertions', () => {
  it('writes ONE message whose text satisfies both assertions, parts in the order the instruction names them', () => {
    const assertions = [message('Morgan'), message('Robert')];
    const calls = callsOf(assertions, 'Reply with the names of Robert and Morgan in #random.');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/chat.postMessage',
        body: { channel: 'C1', text: 'Robert\nMorgan' },
      },
    ]);
    expect(judge(assertions, calls)).toBe('valid');
  });

  it('keeps two messages where the counts require them (one combined message would be judged invalid)', () => {
    const assertions = [message('lunch', { expected_count: 2 }), message('Gemini')];
    const calls = callsOf(assertions, "Post 'lunch' twice and 'Gemini' once.");
    expect(calls.map((call) => (call.body as { text: string }).text)).toEqual(['lunch', 'Gemini']);
    // The combined message the plan declined would not do: a count of 2 needs two rows.
    const combined = [
      { method: 'POST', path: '/chat.postMessage', body: { channel: 'C1', text: 'lunch\nGemini' } },
    ] as ApiCall[];
    expect(judge(assertions, combined)).toBe('invalid');
  });

  it('keeps one message per assertion when the instruction asks for separate messages', () => {
    const assertions = [message('Gemini'), message('garlic knots')];
    const calls = callsOf(
      assertions,
      "Send 'Gemini' and 'garlic knots' to #general as separate messages.",
    );
    expect(calls).toHaveLength(2);
    expect(judge(assertions, calls)).toBe('valid');
  });

  it('keeps separate messages for other conversations, threads or authors', () => {
    const other = [
      message('maintenance'),
      message('maintenance', {
        where: { channel_id: { eq: 'C2' }, message_text: { contains: 'maintenance' } },
      }),
    ];
    expect(callsOf(other, "Send 'maintenance' to both channels")).toHaveLength(2);
    const threads = [
      message('a', {
        where: {
          channel_id: { eq: 'C1' },
          parent_id: { eq: '1.1' },
          message_text: { contains: 'a' },
        },
      }),
      message('b'),
    ];
    expect(oneMessagePlan('slack', threads, { before, instruction: '', actor }).size).toBe(0);
  });

  it('keeps a duplicated assertion (the duplicate fault) as a message of its own', () => {
    const robert = message('Robert');
    const assertions = [robert, robert, message('Morgan')];
    const calls = callsOf(assertions, 'Reply with their names.');
    expect(calls.map((call) => (call.body as { text: string }).text)).toEqual([
      'Robert\nMorgan',
      'Robert',
    ]);
  });
});
