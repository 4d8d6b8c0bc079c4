import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../src/schema/json.js';
import {
  type Blocks,
  fallbackText,
  MAX_MESSAGE_BLOCKS,
  readBlocks,
  withBlockIds,
} from '../../../src/services/slack/blocks.js';

const section = (...elements: JsonValue[]): JsonValue => ({ type: 'rich_text_section', elements });
const richText = (...elements: JsonValue[]): JsonValue => ({ type: 'rich_text', elements });
const read = (blocks: unknown) => readBlocks(JSON.stringify(blocks));

describe('readBlocks (the blocks argument)', () => {
  it('reads an absent or blank argument as no blocks, and a valid array as its blocks', () => {
    expect(readBlocks(undefined)).toEqual({ ok: true, blocks: undefined });
    expect(readBlocks('  ')).toEqual({ ok: true, blocks: undefined });
    const blocks = [richText(section({ type: 'text', text: 'hi', style: { bold: true } }))];
    expect(read(blocks)).toEqual({ ok: true, blocks });
  });

  it('is invalid_blocks_format for text that is not a JSON array', () => {
    for (const raw of ['[{"type":', '{"type":"divider"}', '"divider"'])
      expect(readBlocks(raw)).toMatchObject({ ok: false, error: 'invalid_blocks_format' });
  });

  it('is invalid_blocks for blocks the Block Kit reference refuses', () => {
    const refused = [
      [{ text: 'no type' }],
      [{ type: 'input', element: {} }], // not a block of messages
      [{ type: 'section' }], // neither text nor fields
      [{ type: 'header', text: { type: 'mrkdwn', text: '*x*' } }], // header text is plain_text
      [{ type: 'divider', block_id: 'x'.repeat(256) }],
      [
        { type: 'divider', block_id: 'same' },
        { type: 'divider', block_id: 'same' },
      ],
      [richText({ type: 'rich_text_list', style: 'dashed', elements: [] })],
      [richText({ type: 'rich_text_list', style: 'bullet', elements: [{ type: 'text' }] })],
      [richText(section({ type: 'user' }))], // a user element needs user_id
      [richText(section({ type: 'text', text: 'x', style: { bold: 'yes' } }))],
      [{ type: 'table', rows: [[{ type: 'plain_text', text: 'x' }]] }],
      Array.from({ length: MAX_MESSAGE_BLOCKS + 1 }, () => ({ type: 'divider' })),
    ];
    for (const blocks of refused)
      expect(read(blocks), JSON.stringify(blocks).slice(0, 80)).toMatchObject({
        ok: false,
        error: 'invalid_blocks',
      });
  });

  it('accepts the message blocks of the reference with their required fields', () => {
    const blocks = [
      { type: 'header', text: { type: 'plain_text', text: 'Daily Report' } },
      { type: 'section', text: { type: 'mrkdwn', text: '*All Systems Go*' } },
      { type: 'markdown', text: '**bold**' },
      { type: 'divider' },
      {
        type: 'table',
        rows: [
          [
            { type: 'raw_text', text: 'Metric' },
            { type: 'raw_text', text: 'Value' },
          ],
        ],
      },
      richText(
        {
          type: 'rich_text_list',
          style: 'ordered',
          elements: [section({ type: 'text', text: 'a' })],
        },
        { type: 'rich_text_preformatted', elements: [{ type: 'text', text: '{}' }] },
        { type: 'rich_text_quote', elements: [{ type: 'text', text: 'q' }] },
        section({ type: 'user', user_id: 'U1' }, { type: 'link', url: 'https://x.test' }),
      ),
    ];
    expect(read(blocks)).toEqual({ ok: true, blocks });
  });
});

describe('withBlockIds (the block_id Slack generates)', () => {
  it('keeps a given block_id and gives every other block a distinct one, the same for the same ts', () => {
    const blocks: Blocks = [
      { type: 'divider', block_id: 'mine' },
      { type: 'divider' },
      { type: 'divider' },
    ];
    const stored = withBlockIds(blocks, '1700000000.000100');
    const ids = stored.map((block) => (block as { block_id: string }).block_id);
    expect(ids[0]).toBe('mine');
    expect(new Set(ids).size).toBe(3);
    for (const id of ids.slice(1)) expect(id).toMatch(/^[A-Za-z0-9_-]{5}$/);
    expect(withBlockIds(blocks, '1700000000.000100')).toEqual(stored);
    expect(withBlockIds(blocks, '1700000000.000200')).not.toEqual(stored);
    // The argument is not changed.
    expect(blocks[1]).toEqual({ type: 'divider' });
  });
});

describe('fallbackText (the text Slack builds from blocks)', () => {
  it('appends the text of the blocks that carry text, one block per line', () => {
    const text = fallbackText([
      { type: 'header', text: { type: 'plain_text', text: 'Report' } },
      { type: 'divider' },
      richText(section({ type: 'text', text: 'Hi ' }, { type: 'user', user_id: 'U1' }), {
        type: 'rich_text_list',
        style: 'bullet',
        elements: [section({ type: 'text', text: 'a' }), section({ type: 'text', text: 'b' })],
      }),
      {
        type: 'table',
        rows: [
          [
            { type: 'raw_text', text: 'k' },
            { type: 'raw_text', text: 'v' },
          ],
        ],
      },
    ]);
    expect(text).toBe('Report\nHi <@U1>\na\nb\nk | v');
    expect(fallbackText([{ type: 'divider' }])).toBe('');
  });
});
