import type { State } from '../../../state/state.js';

/**
 * An instruction that asks to put existing messages together or to post them again ("Combine
 * them into a single new message", "Copy the two questions …", "post each one to #general"):
 * the new message must carry those messages, not only the keywords the assertions check
 * (docs/agent-diff.md, "Constructed tasks").
 */
const REUSE_ORIGINALS =
  /\b(combine|merge|consolidate)\b[^.]*\bmessages?\b|\bmessages?\b[^.]*\b(combine|merge|consolidate)\b|\b(copy|repost)\b|\bpost (each one|each of them|them)\b/i;

export function asksToCombineOriginals(instruction: string): boolean {
  return REUSE_ORIGINALS.test(instruction);
}

export type CombinedText = { ok: true; text: string } | { ok: false; reason: string };

/**
 * The combined message built from the before-state messages the parts come from: each part
 * (an asserted substring) must lie in exactly one original message; the distinct originals, in
 * the order they were posted (ts), one per line. When the instruction asks for questions
 * (`asksForQuestions`), a part several messages hold is looked for among those that ask (`?`).
 * Refused when a part is in no message or in several (the originals cannot be told apart).
 */
export function combinedFromOriginals(
  parts: readonly string[],
  before: State,
  asksForQuestions = false,
): CombinedText {
  const messages = before.rows('messages');
  const sources = new Map<string, { ts: string; text: string }>();
  for (const part of parts) {
    const lower = part.toLowerCase();
    const all = messages.filter(
      (row) =>
        typeof row.message_text === 'string' && row.message_text.toLowerCase().includes(lower),
    );
    // The instruction reposts questions: of several messages holding the part, the questions.
    const questions = asksForQuestions
      ? all.filter((row) => (row.message_text as string).includes('?'))
      : [];
    const holding = all.length > 1 && questions.length > 0 ? questions : all;
    if (holding.length !== 1)
      return {
        ok: false,
        reason: `messages: the instruction reuses original messages, but ${holding.length} messages of the before-state hold '${part}'`,
      };
    const row = holding[0]!;
    const id = String(row.message_id);
    sources.set(id, { ts: String(row.ts ?? row.message_id), text: row.message_text as string });
  }
  const ordered = [...sources.values()].sort((a, b) => Number(a.ts) - Number(b.ts));
  return { ok: true, text: ordered.map((source) => source.text).join('\n') };
}
