import type { State } from '../../../state/state.js';
import { asksToCombineOriginals, combinedFromOriginals } from './combined-originals.js';

export type MessageText = { ok: true; text: string } | { ok: false; reason: string };

/** "Try to <action>. If you can't <clause>, inform/tell/notify/let …": a failure to report. */
const REPORT_FAILURE =
  /\b(?:try|attempt) to ([^.]+?)\.\s+if you (?:can't|cannot|can not|are unable to) ([^,.]+),\s*(?:inform|tell|notify|let|message|ping)\b/i;

const SUMMARY = /\bsummar(?:y|ize|ise)\b/i;

/**
 * The text a constructed Slack message carries when the assertions ask only for parts of it
 * (docs/agent-diff.md, "Constructed tasks"): a complete outcome must say what the instruction
 * asks, not just the asserted keyword. `read` is the text read off the assertions. When the
 * instruction reposts existing messages: the originals, each line's found in exactly one
 * message. Else kept when it is more than one word or the instruction quotes it; a failure report built from
 * the instruction's own words ("Try to X. If you can't Y, inform me" -> "Could not X: I can't
 * Y."). Refused when the message is a summary (no recipe writes one) or a lone word that the
 * instruction itself uses unquoted (the assertion then checks a word of the request, not
 * what was asked); a lone answer the instruction does not spell (a name) is kept.
 */
export function messageText(read: string, instruction: string, before: State): MessageText {
  if (SUMMARY.test(instruction))
    return {
      ok: false,
      reason: `messages: the instruction asks for a summary; the asserted parts ('${read.replace(/\n/g, "', '")}') are no summary and no recipe writes one`,
    };
  if (asksToCombineOriginals(instruction)) {
    const lines = read.split('\n');
    const texts = new Set(before.rows('messages').map((row) => row.message_text));
    if (lines.every((line) => texts.has(line))) return { ok: true, text: read }; // originals already
    const original = combinedFromOriginals(lines, before, /\bquestions?\b/i.test(instruction));
    return original.ok ? original : { ok: false, reason: original.reason };
  }
  if (/\s/.test(read.trim()) || quotes(instruction, read)) return { ok: true, text: read };
  const report = REPORT_FAILURE.exec(instruction);
  if (report && report[2]!.toLowerCase().includes(read.toLowerCase()))
    return { ok: true, text: `Could not ${report[1]}: I can't ${report[2]}.` };
  const word = new RegExp(`\\b${read.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  if (word.test(instruction))
    return {
      ok: false,
      reason: `messages: the assertions ask only for the word '${read}', a word of the instruction itself, and the instruction gives no text that says what it asks`,
    };
  return { ok: true, text: read }; // a lone answer the instruction does not spell (a name it asks for)
}

function quotes(instruction: string, text: string): boolean {
  const lower = instruction.toLowerCase();
  const wanted = text.toLowerCase();
  return [`'${wanted}'`, `"${wanted}"`, `‘${wanted}’`, `“${wanted}”`].some((q) =>
    lower.includes(q),
  );
}
