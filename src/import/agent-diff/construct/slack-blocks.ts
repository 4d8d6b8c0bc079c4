import { matchesPredicate } from '../../../reference/legacy-diff/predicate.js';
import type { LegacyAssertion, LegacyPredicate } from '../../../reference/legacy-diff/spec.js';
import type { JsonValue } from '../../../schema/json.js';
import { fallbackText } from '../../../services/slack/blocks.js';
import type { State } from '../../../state/state.js';

/** What the recipe reads of translate.ts's context (declared here: translate.ts imports this file). */
export interface BlocksContext {
  before: State;
  instruction: string;
  created?: ReadonlyMap<string, string>;
  assertions?: readonly LegacyAssertion[];
}

type Translated =
  | { ok: true; calls: Array<{ method: 'POST'; path: string; body: Record<string, JsonValue> }> }
  | { ok: false; reason: string };

/**
 * Slack messages whose assertions read Block Kit `blocks` (docs/agent-diff.md, "Constructed
 * tasks", Block Kit messages). The assertions only say which parts the blocks' JSON text holds
 * (`"bold":true`, `rich_text_list`, a user id); what the message says comes from the
 * instruction ("saying 'Attention' in bold", "with items 'Phase 1' and 'Phase 2'"). A recipe
 * writes the one message the instruction describes for a channel, with the Block Kit element
 * each assertion names, and its text as the blocks' plain text; it is refused where the
 * instruction does not give the content, or where the blocks it describes would not hold
 * what the assertions ask.
 */

/** A fault's value of `blocks`: the message posted as plain text, without Block Kit blocks. */
export const NO_BLOCKS_FAULT_VALUES: readonly JsonValue[] = [null];

type Block = Record<string, JsonValue>;

const text = (value: string, style?: Record<string, boolean>): Block =>
  style ? { type: 'text', text: value, style } : { type: 'text', text: value };
const section = (...elements: Block[]): Block => ({ type: 'rich_text_section', elements });
const richText = (...elements: Block[]): Block => ({ type: 'rich_text', elements });

function isNoBlocks(predicate: unknown): boolean {
  return (
    typeof predicate === 'object' &&
    predicate !== null &&
    'eq' in predicate &&
    predicate.eq === null
  );
}

/** The operands an assertion's `blocks` predicate asks the blocks' JSON text to hold. */
function operands(assertion: LegacyAssertion): string[] {
  const predicate = assertion.where.blocks as Record<string, JsonValue> | undefined;
  if (!predicate) return [];
  return ['contains', 'i_contains']
    .map((op) => predicate[op])
    .filter((value): value is string => typeof value === 'string');
}

const sameChannel = (a: LegacyAssertion, b: LegacyAssertion) =>
  JSON.stringify(a.where.channel_id ?? null) === JSON.stringify(b.where.channel_id ?? null);

const isBlocksMessage = (assertion: LegacyAssertion) =>
  assertion.diff_type === 'added' && assertion.entity === 'messages' && 'blocks' in assertion.where;

/**
 * The part of the instruction about one channel: the numbered item or sentence naming
 * `#name`, or the whole instruction when it names one channel only.
 */
export function channelSegment(instruction: string, name: string | undefined): string {
  const mentions = instruction.match(/#[\w-]+/g) ?? [];
  if (!name || new Set(mentions).size <= 1) return instruction;
  const parts = instruction.split(/\s\d\)\s|(?<=[.!?])\s+/);
  return parts.find((part) => part.includes(`#${name}`)) ?? instruction;
}

/** Quoted phrases ('…') of a text in their order (an apostrophe inside a word is not a quote). */
function phrasesInOrder(segment: string): string[] {
  return [...segment.matchAll(/(?<![\p{L}\p{N}])'([^']+?)'(?![\p{L}\p{N}])/gu)].map((m) => m[1]!);
}

type Built = { ok: true; blocks: Block[] } | { ok: false; reason: string };

const has = (asked: readonly string[], part: string) => asked.some((operand) => operand === part);

/** Operands that say which Block Kit element the message has (the recipes key on them). */
const ELEMENT_OPERANDS =
  /^(?:"type":"(?:mrkdwn|table|user)"|rich_text_(?:list|preformatted|quote|section)|"style":"\w+"|"(?:bold|italic)":true)$/;

/** The Block Kit element the instruction names, for a message whose assertions name none. */
function namedElement(segment: string): string | undefined {
  const named =
    /rich_text_(?:list|preformatted|quote|section)|\btable block\b|\buser element\b|\bbold\b/i.exec(
      segment,
    )?.[0];
  if (!named) return undefined;
  const lower = named.toLowerCase();
  if (lower === 'table block') return '"type":"table"';
  if (lower === 'user element') return '"type":"user"';
  if (lower === 'bold') return '"bold":true';
  return lower;
}

/**
 * The blocks of the message the segment of the instruction describes, with the elements the
 * operands ask for. `users` are the workspace's user ids (a mention names one of them).
 */
export function blocksFor(
  asked: readonly string[],
  segment: string,
  users: ReadonlySet<string>,
): Built {
  const refuse = (reason: string): Built => ({ ok: false, reason });
  if (has(asked, '"type":"mrkdwn"'))
    return /\bmarkdown block\b/i.test(segment)
      ? refuse(
          'blocks: the assertion asks for a mrkdwn text object ("type":"mrkdwn") while the instruction asks for a markdown block ("type":"markdown"); no message is both as asked',
        )
      : refuse('blocks: no recipe writes a mrkdwn text object');
  if (has(asked, '"type":"table"')) {
    const headers = /\bheaders? '([^']+)' and '([^']+)'/i.exec(segment);
    const row = /\brow of data:?\s*((?:'[^']+'[,\s]*(?:and\s+)?)+)/i.exec(segment);
    if (!headers || !row)
      return refuse("blocks: the table's headers or row cannot be read off the instruction");
    const cell = (value: string): Block => ({ type: 'raw_text', text: value });
    return {
      ok: true,
      blocks: [
        {
          type: 'table',
          rows: [[cell(headers[1]!), cell(headers[2]!)], phrasesInOrder(row[1]!).map(cell)],
        },
      ],
    };
  }
  const list = has(asked, 'rich_text_list') || asked.some((op) => op.startsWith('"style":'));
  if (list) {
    const ordered =
      has(asked, '"style":"ordered"') ||
      (!has(asked, '"style":"bullet"') && /\b(ordered|numbered)\b/i.test(segment));
    const bullet = has(asked, '"style":"bullet"') || /\bbullet(ed)?\b/i.test(segment);
    if (ordered === bullet)
      return refuse('blocks: the list style (bullet or ordered) cannot be read off');
    const after = /\bitems?\b:?/i.exec(segment);
    const items = after ? phrasesInOrder(segment.slice(after.index)) : [];
    if (items.length === 0)
      return refuse('blocks: the list items cannot be read off the instruction');
    return {
      ok: true,
      blocks: [
        richText({
          type: 'rich_text_list',
          style: ordered ? 'ordered' : 'bullet',
          elements: items.map((item) => section(text(item))),
        }),
      ],
    };
  }
  if (has(asked, 'rich_text_preformatted')) {
    const code = /`([^`]+)`/.exec(segment)?.[1];
    if (!code) return refuse('blocks: the code snippet cannot be read off the instruction');
    return {
      ok: true,
      blocks: [richText({ type: 'rich_text_preformatted', elements: [text(code)] })],
    };
  }
  if (has(asked, 'rich_text_quote')) {
    const quoted = /\bquote (?:the text )?'([^']+)'/i.exec(segment)?.[1];
    if (!quoted) return refuse('blocks: the quoted text cannot be read off the instruction');
    return { ok: true, blocks: [richText({ type: 'rich_text_quote', elements: [text(quoted)] })] };
  }
  const mentioned = asked.filter((operand) => users.has(operand));
  if (has(asked, '"type":"user"') || mentioned.length > 0) {
    if (mentioned.length !== 1)
      return refuse('blocks: the mentioned user is not one user id of the assertions');
    return { ok: true, blocks: [richText(section({ type: 'user', user_id: mentioned[0]! }))] };
  }
  const bold = has(asked, '"bold":true');
  const italic = has(asked, '"italic":true');
  if (bold || italic || has(asked, 'rich_text_section')) {
    const inBold = /'([^']+)' in bold\b/i.exec(segment)?.[1];
    const inItalics = /'([^']+)' in italics?\b/i.exec(segment)?.[1];
    if (!inBold || !inItalics)
      return refuse('blocks: the styled words cannot be read off the instruction');
    return {
      ok: true,
      blocks: [
        richText(
          section(
            text(inBold, bold ? { bold: true } : undefined),
            text(' '),
            text(inItalics, italic ? { italic: true } : undefined),
          ),
        ),
      ],
    };
  }
  return refuse(`blocks: no recipe writes blocks holding ${asked.join(', ') || 'nothing asked'}`);
}

// Which assertions of a recipe run (its context) have been translated: a group's other
// members translate to no call, and one listed twice (a duplicate fault) posts again.
const translated = new WeakMap<BlocksContext, Set<LegacyAssertion>>();

/**
 * The calls for an `added messages` assertion with a `blocks` predicate: ONE
 * `chat.postMessage` per channel for every such assertion of the task (their parts are one
 * message's), sent by the group's first; `blocks` equal to null (a fault) posts the content
 * as plain text only.
 */
export function blocksMessage(assertion: LegacyAssertion, ctx: BlocksContext): Translated {
  const channel =
    ctx.created?.get('channels') && assertion.where.channel_id === undefined
      ? ctx.created.get('channels')
      : (assertion.where.channel_id as Record<string, JsonValue> | undefined)?.eq;
  if (typeof channel !== 'string')
    return { ok: false, reason: 'messages: the channel cannot be read off' };
  const all = ctx.assertions ?? [assertion];
  const seen = translated.get(ctx) ?? new Set<LegacyAssertion>();
  translated.set(ctx, seen);
  const again = seen.has(assertion);
  seen.add(assertion);
  const members = [
    ...new Set(all.filter((other) => isBlocksMessage(other) && sameChannel(other, assertion))),
  ];
  const withBlocks = members.filter((member) => !isNoBlocks(member.where.blocks));
  // One member without blocks (a fault): the channel's message is posted as plain text.
  const plain = withBlocks.length < members.length;
  if (!again && members[0] !== assertion) return { ok: true, calls: [] };
  const name = ctx.before.rows('channels').find((row) => row.channel_id === channel)?.channel_name;
  const segment = channelSegment(ctx.instruction, typeof name === 'string' ? name : undefined);
  const users = new Set(ctx.before.rows('users').map((row) => String(row.user_id)));
  const asked = withBlocks.flatMap(operands);
  // Operands that name no element (a word of the content): the instruction names it.
  if (!asked.some((operand) => ELEMENT_OPERANDS.test(operand) || users.has(operand))) {
    const named = namedElement(segment);
    if (named) asked.push(named);
  }
  const built = blocksFor(asked, segment, users);
  if (!built.ok) return built;
  if (!plain)
    for (const member of withBlocks)
      if (!matchesPredicate(built.blocks, member.where.blocks as LegacyPredicate))
        return {
          ok: false,
          reason: `blocks: the message the instruction describes does not hold ${JSON.stringify(member.where.blocks)}`,
        };
  const body: Record<string, JsonValue> = { channel, text: fallbackText(built.blocks) };
  if (!plain) body.blocks = built.blocks;
  return { ok: true, calls: [{ method: 'POST', path: '/chat.postMessage', body }] };
}
