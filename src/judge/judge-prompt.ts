import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { PublicTask } from '../contract/verifier.js';

export type AnswerForm = 'text' | 'json';

const ANSWER_RULES: Record<AnswerForm, string> = {
  text: 'End your final answer with one line "VERDICT: pass", "VERDICT: fail" or "VERDICT: unknown", after a short reason.',
  json: 'Your final answer is one JSON object and nothing else: {"verdict": "pass" | "fail" | "unknown", "checks": [{"name": string, "ok": boolean, "detail"?: string}], "explanation": string}.',
};

/**
 * The judge's prompt: the public task and the service docs, nothing else (no reference,
 * labels or fault kinds; docs/judge.md). Written for this project.
 */
export function judgePrompt(
  task: PublicTask,
  limits: { rounds: number; operations: number },
  answer: AnswerForm,
): ChatCompletionMessageParam[] {
  const system = [
    'You check whether a software agent completed a task in a business service.',
    'You can read two saved states of the service through its API: "before" (when the agent started) and "after" (when it stopped).',
    'Use the tools to read what the instruction is about in both states. Every read costs business operations; writes are refused.',
    `You have at most ${limits.rounds} replies (the last may not call tools) and ${limits.operations} operations over both states together.`,
    'Resolve every name, set and value the instruction mentions from the "before" state: the instruction means what is true there.',
    'Answer pass when the after-state does everything the instruction asks and keeps what it says to keep; fail when anything required is missing or wrong; unknown only when the states cannot tell.',
    ANSWER_RULES[answer],
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: publicTaskText(task) },
  ];
}

/** The public task as a user message: id, service, actor, instruction and docs, nothing else. */
export function publicTaskText(task: PublicTask): string {
  return [
    `Task ${task.id} on ${task.service}.`,
    `The agent acts as ${task.actor.name} (id ${task.actor.id}${task.actor.email ? `, ${task.actor.email}` : ''}).`,
    '',
    'Instruction:',
    task.instruction,
    '',
    'API documentation:',
    task.docs,
  ].join('\n');
}
