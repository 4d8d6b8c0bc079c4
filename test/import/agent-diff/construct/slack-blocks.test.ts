import { describe, expect, it } from 'vitest';
import {
  channelSegment,
  NO_BLOCKS_FAULT_VALUES,
} from '../../../../src/import/agent-diff/construct/slack-blocks.js';
import {
  type TranslateContext,
  translateAssertion,
} from '../../../../src/import/agent-diff/construct/translate.js';
import { legacyDiffKind } from '../../../../src/reference/legacy-diff/kind.js';
import type { LegacyAssertion } from '../../../../src/reference/legacy-diff/spec.js';
import type { ApiCall } from '../../../../src/schema/call.js';
import type { JsonValue, Row } from '../../../../src/schema/json.js';
import type { Reference } from '../../../../src/schema/task.js';
import { stateOf } from '../support/mini.js';

const actor = { id: 'U_BOT', name: 'Agent' };
const KEYS = { messages: ['message_id'], channels: ['channel_id'], users: ['user_id'] };
const tables = {
  channels: [
    { channel_id: 'C_GEN', channel_name: 'general' },
    { channel_id: 'C_RND', channel_name: 'random' },
    { channel_id: 'C_ENG', channel_name: 'engineering' },
  ],
  users: [{ user_id: 'U_BOT' }, { user_id: 'U_ART' }],
  messages: [],
};
const before = stateOf(tables, KEYS);

const blocksAssertion = (channel: string, blocks: JsonValue): LegacyAssertion => ({
  diff_type: 'added',
  entity: 'messages',
  where: {
    channel_id: { eq: channel },
    blocks: blocks === null ? { eq: null } : { contains: blocks },
  },
  expected_count: 1,
  expected_changes: {},
  ignore: [],
});

/** The calls construction makes: each assertion's recipe, in order, sharing one context. */
function callsOf(assertions: LegacyAssertion[], instruction: string): ApiCall[] {
  const ctx: TranslateContext = { before, instruction, actor, assertions };
  return assertions.flatMap((assertion) => {
    const translated = translateAssertion('slack', assertion, ctx);
    if (!translated.ok) throw new Error(translated.reason);
    return translated.calls;
  });
}

const bodyOf = (call: ApiCall) =>
  call.body as { channel: string; text: string; blocks?: JsonValue };

/** The rows these chat.postMessage calls write, judged by Agent-Diff's own assertions. */
function judge(assertions: LegacyAssertion[], calls: ApiCall[]): string {
  const rows: Row[] = calls.map((call, index) => {
    const body = bodyOf(call);
    return {
      message_id: `1.${index}`,
      channel_id: body.channel,
      user_id: actor.id,
      message_text: body.text,
      ...(body.blocks ? { blocks: body.blocks } : {}),
    };
  });
  const reference = { kind: 'legacy-diff', version: 1, spec: { assertions } } as Reference;
  return legacyDiffKind.evaluate(reference, before, stateOf({ ...tables, messages: rows }, KEYS))
    .label;
}

const STYLED =
  "Send a message to #general saying 'Attention' in bold and 'check logs' in italics. Use Slack Block Kit rich_text blocks with style attributes (bold:true, italic:true).";
const styledAssertions = () => [
  blocksAssertion('C_GEN', 'rich_text_section'),
  blocksAssertion('C_GEN', '"bold":true'),
  blocksAssertion('C_GEN', '"italic":true'),
];

describe('Block Kit messages (construct/slack-blocks.ts)', () => {
  it('writes ONE message for the assertions of a channel, with the words the instruction styles', () => {
    const assertions = styledAssertions();
    const calls = callsOf(assertions, STYLED);
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0]!).blocks).toEqual([
      {
        type: 'rich_text',
        elements: [
          {
            type: 'rich_text_section',
            elements: [
              { type: 'text', text: 'Attention', style: { bold: true } },
              { type: 'text', text: ' ' },
              { type: 'text', text: 'check logs', style: { italic: true } },
            ],
          },
        ],
      },
    ]);
    expect(bodyOf(calls[0]!).text).toBe('Attention check logs');
    expect(judge(assertions, calls)).toBe('valid');
  });

  it('a member listed twice (a duplicate fault) posts the message again; a dropped one loses its style', () => {
    const [section, bold, italic] = styledAssertions();
    const twice = [section!, bold!, bold!, italic!];
    const calls = callsOf(twice, STYLED);
    expect(calls).toHaveLength(2);
    expect(judge(styledAssertions(), calls)).toBe('invalid');
    const withoutBold = callsOf([section!, italic!], STYLED);
    expect(JSON.stringify(bodyOf(withoutBold[0]!).blocks)).not.toContain('"bold"');
    expect(judge(styledAssertions(), withoutBold)).toBe('invalid');
  });

  it('a member without blocks (the value fault) posts the content as plain text only', () => {
    expect(NO_BLOCKS_FAULT_VALUES).toEqual([null]);
    const [section, bold, italic] = styledAssertions();
    const calls = callsOf([section!, blocksAssertion('C_GEN', null), italic!], STYLED);
    expect(calls.map(bodyOf)).toEqual([{ channel: 'C_GEN', text: 'Attention check logs' }]);
    expect(judge([section!, bold!, italic!], calls)).toBe('invalid');
  });

  it('reads each channel its own part of the instruction: a code snippet here, an ordered list there', () => {
    const instruction =
      "Do two things using Slack Block Kit: 1) Send a code snippet to #engineering containing `{\"status\": 200}` using rich_text_preformatted element, and 2) Send a numbered list to #general with items 'Phase 1' and 'Phase 2' using rich_text_list with style:ordered.";
    const assertions = [
      blocksAssertion('C_ENG', 'rich_text_preformatted'),
      blocksAssertion('C_GEN', 'rich_text_list'),
    ];
    const calls = callsOf(assertions, instruction);
    expect(calls.map((call) => bodyOf(call).channel)).toEqual(['C_ENG', 'C_GEN']);
    expect(bodyOf(calls[0]!).blocks).toEqual([
      {
        type: 'rich_text',
        elements: [
          { type: 'rich_text_preformatted', elements: [{ type: 'text', text: '{"status": 200}' }] },
        ],
      },
    ]);
    const list = (bodyOf(calls[1]!).blocks as Array<{ elements: JsonValue[] }>)[0]!.elements[0];
    expect(list).toEqual({
      type: 'rich_text_list',
      style: 'ordered',
      elements: ['Phase 1', 'Phase 2'].map((item) => ({
        type: 'rich_text_section',
        elements: [{ type: 'text', text: item }],
      })),
    });
    expect(judge(assertions, calls)).toBe('valid');
    expect(channelSegment(instruction, 'general')).toMatch(/^Send a numbered list to #general/);
  });

  it('writes a bulleted list, a quote, a table and a mention as the instruction gives them', () => {
    const cases: Array<[LegacyAssertion[], string, string]> = [
      [
        [blocksAssertion('C_RND', 'rich_text_list'), blocksAssertion('C_RND', '"style":"bullet"')],
        "Send a bulleted list to #random with three items: 'Bagels', 'Coffee', and 'Donuts'. Use rich_text_list (style:bullet).",
        'Bagels\nCoffee\nDonuts',
      ],
      [
        [blocksAssertion('C_RND', 'rich_text_quote')],
        "Quote the text 'To be or not to be' in the #random channel. Use rich_text_quote.",
        'To be or not to be',
      ],
      [
        [blocksAssertion('C_GEN', '"type":"table"'), blocksAssertion('C_GEN', 'DAU')],
        "Send a table to #general with headers 'Metric' and 'Value', and one row of data: 'DAU', '1500'. Use a table block type.",
        'Metric | Value\nDAU | 1500',
      ],
      [
        [blocksAssertion('C_GEN', '"type":"user"'), blocksAssertion('C_GEN', 'U_ART')],
        "Mention @Artem in #general using rich_text blocks with a user element type containing Artem's user ID.",
        '<@U_ART>',
      ],
    ];
    for (const [assertions, instruction, text] of cases) {
      const calls = callsOf(assertions, instruction);
      expect(calls, instruction).toHaveLength(1);
      expect(bodyOf(calls[0]!).text, instruction).toBe(text);
      expect(judge(assertions, calls), instruction).toBe('valid');
    }
  });

  it('refuses, with the reason, what no recipe writes as the instruction asks', () => {
    const refusal = (assertions: LegacyAssertion[], instruction: string) => {
      const ctx: TranslateContext = { before, instruction, actor, assertions };
      const translated = translateAssertion('slack', assertions[0]!, ctx);
      return translated.ok ? 'translated' : translated.reason;
    };
    expect(
      refusal(
        [blocksAssertion('C_ENG', '"type":"mrkdwn"')],
        "Send a markdown formatted message to #engineering with a header 'Daily Report'. Use Slack Block Kit with a markdown block type.",
      ),
    ).toMatch(/mrkdwn text object .* markdown block/);
    expect(
      refusal([blocksAssertion('C_RND', 'rich_text_list')], 'Send a bulleted list to #random.'),
    ).toMatch(/list items cannot be read off/);
    // The content the instruction gives must hold what the assertion asks.
    expect(
      refusal(
        [blocksAssertion('C_RND', 'rich_text_quote'), blocksAssertion('C_RND', 'Hamlet')],
        "Quote the text 'To be or not to be' in #random with rich_text_quote.",
      ),
    ).toMatch(/does not hold/);
  });
});
