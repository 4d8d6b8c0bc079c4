import type { LegacyAssertion, LegacyCount } from '../../../reference/legacy-diff/spec.js';
import type { Service } from '../../../schema/service.js';
import { asksToCombineOriginals, combinedFromOriginals } from './combined-originals.js';
import { type TranslateContext, wanted } from './translate.js';

/** A group whose one message cannot be written as the instruction asks: why. */
export interface RefusedMessage {
  refused: string;
}

/** Predicates on a message's text that a longer text holding the part still satisfies. */
const PART_OPERATORS = new Set(['contains', 'i_contains', 'eq']);

/** Columns that must agree for one message to be every assertion's (the conversation, thread, author). */
const SAME_MESSAGE_COLUMNS = ['channel_id', 'parent_id', 'user_id'] as const;

/**
 * The instruction asks for one message per item ("as separate messages", "post each one"):
 * then each assertion keeps its own message, whatever the counts allow.
 */
const SEPARATE_MESSAGES =
  /\bseparate(ly)?\b|\bindividual(ly)?\b|\beach (one|of them|question|item|message)\b|\bone message (per|for each)\b/i;

function acceptsOne(count: LegacyCount | undefined): boolean {
  if (count === undefined) return true; // omitted: at least one match
  if (typeof count === 'number') return count === 1;
  return (count.min ?? 0) <= 1 && (count.max ?? 1) >= 1;
}

/** The key of the message an `added messages` assertion asks for, or undefined if it cannot share one. */
function messageKey(assertion: LegacyAssertion): string | undefined {
  if (assertion.diff_type !== 'added' || assertion.entity !== 'messages') return undefined;
  if (!acceptsOne(assertion.expected_count)) return undefined;
  const text = assertion.where.message_text;
  if (typeof text !== 'object' || text === null || Array.isArray(text)) return undefined;
  if (!Object.keys(text).every((op) => PART_OPERATORS.has(op))) return undefined;
  // Any other column (blocks, files, ...) than the shared ones and the text: keep it separate.
  const known = new Set<string>([...SAME_MESSAGE_COLUMNS, 'message_text']);
  if (Object.keys(assertion.where).some((column) => !known.has(column))) return undefined;
  return JSON.stringify(SAME_MESSAGE_COLUMNS.map((column) => assertion.where[column] ?? null));
}

/**
 * Where several Slack `added messages` assertions each ask for a created message in the same
 * conversation (same channel predicate, thread and author), with counts one message satisfies
 * and an instruction that does not ask for separate messages, the actor writes ONE message
 * whose text holds every assertion's part, in the order the instruction names them
 * (docs/agent-diff.md, "Constructed tasks"). The result maps an assertion index to the
 * assertion to translate in its place: the combined one for a group's first member, `null` for
 * the other members (their part is in that message). Indices not in the map translate as they
 * are. An assertion listed twice (a duplicate fault) keeps its second copy as its own message.
 */
export function oneMessagePlan(
  service: Service,
  assertions: readonly LegacyAssertion[],
  ctx: TranslateContext,
): Map<number, LegacyAssertion | null | RefusedMessage> {
  const plan = new Map<number, LegacyAssertion | null | RefusedMessage>();
  if (service !== 'slack' || SEPARATE_MESSAGES.test(ctx.instruction)) return plan;
  const groups = new Map<string, number[]>();
  const seen = new Set<LegacyAssertion>();
  assertions.forEach((assertion, index) => {
    const key = messageKey(assertion);
    if (key === undefined || seen.has(assertion)) return;
    seen.add(assertion);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  const lower = ctx.instruction.toLowerCase();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const parts: Array<{ text: string; at: number; index: number }> = [];
    for (const index of members) {
      const text = wanted(assertions[index]!, 'message_text', ctx);
      if (typeof text !== 'string') break;
      const at = lower.indexOf(text.toLowerCase());
      parts.push({ text, at: at < 0 ? Number.POSITIVE_INFINITY : at, index });
    }
    if (parts.length !== members.length) continue; // a part cannot be read off: the recipe says so
    parts.sort((a, b) => a.at - b.at || a.index - b.index);
    const texts: string[] = [];
    for (const { text } of parts)
      if (!texts.some((kept) => kept.toLowerCase().includes(text.toLowerCase()))) texts.push(text);
    const first = assertions[members[0]!]!;
    let text = texts.join('\n');
    if (asksToCombineOriginals(ctx.instruction)) {
      const combinedText = combinedFromOriginals(
        texts,
        ctx.before,
        /\bquestions?\b/i.test(ctx.instruction),
      );
      if (!combinedText.ok) {
        plan.set(members[0]!, { refused: combinedText.reason });
        for (const index of members.slice(1)) plan.set(index, null);
        continue;
      }
      text = combinedText.text;
    }
    plan.set(members[0]!, {
      ...first,
      where: { ...first.where, message_text: { eq: text } },
    });
    for (const index of members.slice(1)) plan.set(index, null);
  }
  return plan;
}
