import { createHash } from 'node:crypto';
import type { JsonValue } from '../../schema/json.js';

/**
 * Block Kit `blocks` of a message as the replica takes and stores them (docs/replicas.md,
 * Slack, "Blocks"). Slack documents `blocks` of chat.postMessage / chat.update as "a
 * JSON-based array of structured blocks", up to 50 per message; a value that is not such an
 * array is `invalid_blocks_format`, an array Slack's schema refuses is `invalid_blocks`.
 * The schema checked here is the part of Block Kit's reference the replica knows: each block
 * an object of a message block type, with its required fields, a `block_id` of at most 255
 * characters unique within the message, and rich-text and table contents typed as the
 * reference lists them.
 */
export type Blocks = JsonValue[];

type Json = Record<string, JsonValue>;

/** Slack's cap on blocks per message (docs.slack.dev, Block Kit: "up to 50 blocks in each message"). */
export const MAX_MESSAGE_BLOCKS = 50;
const MAX_BLOCK_ID = 255;
const MAX_TABLE_ROWS = 100;
const MAX_TABLE_CELLS = 20;

/** Block types a message may carry (Block Kit reference, "Blocks", surfaces: messages). */
const MESSAGE_BLOCK_TYPES = new Set([
  'actions',
  'context',
  'divider',
  'file',
  'header',
  'image',
  'markdown',
  'rich_text',
  'section',
  'table',
  'video',
]);

/** The containers a `rich_text` block holds, and what their `elements` may be. */
const RICH_TEXT_CONTAINERS = new Set([
  'rich_text_section',
  'rich_text_list',
  'rich_text_preformatted',
  'rich_text_quote',
]);

/** Inline rich-text elements and the field each requires. */
const INLINE_REQUIRED: Record<string, string | undefined> = {
  text: 'text',
  user: 'user_id',
  channel: 'channel_id',
  usergroup: 'usergroup_id',
  emoji: 'name',
  link: 'url',
  broadcast: 'range',
  date: 'timestamp',
  color: 'value',
};

const LIST_STYLES = new Set(['bullet', 'ordered']);

export type BlocksRead =
  | { ok: true; blocks: Blocks | undefined }
  | { ok: false; error: 'invalid_blocks_format' | 'invalid_blocks'; why: string };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A text composition object: `{type: plain_text | mrkdwn, text}`. */
function textObject(value: unknown, allowed: readonly string[]): boolean {
  return isObject(value) && allowed.includes(String(value.type)) && isText(value.text);
}

function inlineProblem(element: unknown, at: string): string | undefined {
  if (!isObject(element) || typeof element.type !== 'string')
    return `${at}: an element is an object with a type`;
  if (!(element.type in INLINE_REQUIRED)) return `${at}: unknown element type ${element.type}`;
  const required = INLINE_REQUIRED[element.type]!;
  if (element.type === 'text' ? typeof element.text !== 'string' : !(required in element))
    return `${at}: a ${element.type} element needs ${required}`;
  if ('style' in element && !isObject(element.style)) return `${at}: style is an object`;
  if (isObject(element.style))
    for (const [name, flag] of Object.entries(element.style))
      if (typeof flag !== 'boolean') return `${at}: style.${name} is a boolean`;
  return undefined;
}

function containerProblem(container: unknown, at: string, inList = false): string | undefined {
  if (!isObject(container) || !RICH_TEXT_CONTAINERS.has(String(container.type)))
    return `${at}: a rich_text element is one of ${[...RICH_TEXT_CONTAINERS].join(', ')}`;
  if (inList && container.type !== 'rich_text_section')
    return `${at}: a rich_text_list holds rich_text_section elements`;
  if (!Array.isArray(container.elements)) return `${at}: elements is an array`;
  if (container.type === 'rich_text_list') {
    if (!LIST_STYLES.has(String(container.style)))
      return `${at}: a rich_text_list has style bullet or ordered`;
    for (const [index, item] of container.elements.entries()) {
      const problem = containerProblem(item, `${at}.elements[${index}]`, true);
      if (problem) return problem;
    }
    return undefined;
  }
  for (const [index, element] of container.elements.entries()) {
    const problem = inlineProblem(element, `${at}.elements[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}

function richTextProblem(block: Json, at: string): string | undefined {
  if (!Array.isArray(block.elements)) return `${at}: a rich_text block has elements`;
  for (const [index, container] of block.elements.entries()) {
    const problem = containerProblem(container, `${at}.elements[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}

function tableProblem(block: Json, at: string): string | undefined {
  const rows = block.rows;
  if (!Array.isArray(rows) || rows.length === 0) return `${at}: a table block has rows`;
  if (rows.length > MAX_TABLE_ROWS) return `${at}: at most ${MAX_TABLE_ROWS} rows`;
  for (const [r, row] of rows.entries()) {
    if (!Array.isArray(row) || row.length === 0 || row.length > MAX_TABLE_CELLS)
      return `${at}.rows[${r}]: a row is an array of 1 to ${MAX_TABLE_CELLS} cells`;
    for (const [c, cell] of row.entries()) {
      const cellAt = `${at}.rows[${r}][${c}]`;
      if (isObject(cell) && cell.type === 'raw_text') {
        if (typeof cell.text !== 'string') return `${cellAt}: a raw_text cell has text`;
      } else if (isObject(cell) && cell.type === 'rich_text') {
        const problem = richTextProblem(cell, cellAt);
        if (problem) return problem;
      } else return `${cellAt}: a cell is raw_text or rich_text`;
    }
  }
  return undefined;
}

/** What is wrong with one block, or undefined when Block Kit's reference accepts it. */
function blockProblem(block: unknown, at: string): string | undefined {
  if (!isObject(block) || typeof block.type !== 'string')
    return `${at}: a block is an object with a type`;
  if (!MESSAGE_BLOCK_TYPES.has(block.type))
    return `${at}: ${block.type} is not a block type of messages`;
  if ('block_id' in block && (!isText(block.block_id) || block.block_id.length > MAX_BLOCK_ID))
    return `${at}: block_id is a string of 1 to ${MAX_BLOCK_ID} characters`;
  switch (block.type) {
    case 'rich_text':
      return richTextProblem(block, at);
    case 'table':
      return tableProblem(block, at);
    case 'section':
      return textObject(block.text, ['plain_text', 'mrkdwn']) || Array.isArray(block.fields)
        ? undefined
        : `${at}: a section block has text or fields`;
    case 'header':
      return textObject(block.text, ['plain_text']) ? undefined : `${at}: a header has plain_text`;
    case 'markdown':
      return typeof block.text === 'string' ? undefined : `${at}: a markdown block has text`;
    case 'context':
    case 'actions':
      return Array.isArray(block.elements) && block.elements.length > 0
        ? undefined
        : `${at}: a ${block.type} block has elements`;
    case 'image':
      return isText(block.alt_text) && ('image_url' in block || 'slack_file' in block)
        ? undefined
        : `${at}: an image block has alt_text and image_url or slack_file`;
    default:
      return undefined;
  }
}

/**
 * The `blocks` argument of a call: absent (undefined), or a JSON array of blocks Block Kit
 * accepts, or Slack's refusal (`invalid_blocks_format` for text that is no JSON array,
 * `invalid_blocks` for blocks the schema refuses).
 */
export function readBlocks(raw: string | undefined): BlocksRead {
  if (raw === undefined || raw.trim() === '') return { ok: true, blocks: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'invalid_blocks_format', why: 'blocks is not JSON' };
  }
  if (!Array.isArray(parsed))
    return { ok: false, error: 'invalid_blocks_format', why: 'blocks is not a JSON array' };
  if (parsed.length > MAX_MESSAGE_BLOCKS)
    return {
      ok: false,
      error: 'invalid_blocks',
      why: `more than ${MAX_MESSAGE_BLOCKS} blocks in one message`,
    };
  const ids = new Set<string>();
  for (const [index, block] of parsed.entries()) {
    const problem = blockProblem(block, `blocks[${index}]`);
    if (problem) return { ok: false, error: 'invalid_blocks', why: problem };
    const id = (block as Json).block_id;
    if (typeof id === 'string') {
      if (ids.has(id))
        return { ok: false, error: 'invalid_blocks', why: `block_id ${id} used twice` };
      ids.add(id);
    }
  }
  return { ok: true, blocks: parsed as Blocks };
}

/**
 * The blocks as stored: a block without `block_id` gets one, as Slack documents ("If not
 * specified, a block_id will be generated"). Slack does not document the id's form; the
 * replica's is opaque and deterministic: five base-64url characters of a hash of the
 * message's ts and the block's position, distinct from the message's other ids.
 */
export function withBlockIds(blocks: Blocks, ts: string): Blocks {
  const taken = new Set(
    blocks.map((block) => (block as Json).block_id).filter((id) => typeof id === 'string'),
  );
  return blocks.map((block, index) => {
    const own = block as Json;
    if (typeof own.block_id === 'string') return own;
    let salt = 0;
    let id: string;
    do {
      id = createHash('sha256').update(`${ts}/${index}/${salt++}`).digest('base64url').slice(0, 5);
    } while (taken.has(id));
    taken.add(id);
    return { ...own, block_id: id };
  });
}

function inlineText(element: Json): string {
  switch (element.type) {
    case 'text':
      return String(element.text ?? '');
    case 'user':
      return `<@${String(element.user_id)}>`;
    case 'channel':
      return `<#${String(element.channel_id)}>`;
    case 'link':
      return typeof element.text === 'string' ? element.text : String(element.url);
    case 'emoji':
      return `:${String(element.name)}:`;
    default:
      return '';
  }
}

function containerText(container: Json): string {
  const elements = (container.elements as Json[]) ?? [];
  if (container.type === 'rich_text_list')
    return elements.map((item) => containerText(item)).join('\n');
  return elements.map(inlineText).join('');
}

function richText(block: Json): string {
  return ((block.elements as Json[]) ?? []).map(containerText).join('\n');
}

function blockText(block: Json): string {
  const composed = (value: JsonValue | undefined) =>
    isObject(value) && typeof value.text === 'string' ? value.text : '';
  switch (block.type) {
    case 'rich_text':
      return richText(block);
    case 'section':
      return [
        composed(block.text),
        ...((block.fields as JsonValue[] | undefined) ?? []).map(composed),
      ]
        .filter((part) => part !== '')
        .join('\n');
    case 'header':
      return composed(block.text);
    case 'markdown':
      return String(block.text ?? '');
    case 'context':
      return ((block.elements as JsonValue[]) ?? []).map(composed).join(' ');
    case 'table':
      return ((block.rows as Json[][]) ?? [])
        .map((row) =>
          row.map((cell) => (cell.type === 'raw_text' ? String(cell.text) : richText(cell))),
        )
        .map((cells) => cells.join(' | '))
        .join('\n');
    default:
      return '';
  }
}

/**
 * The message text Slack builds when a call sends `blocks` without `text`: Slack documents
 * that it then builds the top-level text "by appending content from supported blocks".
 * It does not document which blocks or how they are joined; the replica appends the text of
 * rich-text, section, header, markdown, context and table blocks, one block per line (a
 * mention as `<@U…>`), and leaves out blocks without text (dividers, images, actions).
 */
export function fallbackText(blocks: Blocks): string {
  return blocks
    .map((block) => (isObject(block) ? blockText(block) : ''))
    .filter((part) => part !== '')
    .join('\n');
}
