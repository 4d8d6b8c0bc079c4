import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { publicTaskText } from '../judge/judge-prompt.js';
import type { GeneratorContext, ProgramLanguage } from './generator.js';

const INTERFACE: Record<ProgramLanguage, string> = {
  ts: [
    'Write one TypeScript module: `export default async function verify(task, before, after)`.',
    '`before` and `after` are API clients with `get(path, query)`, `post(path, body)`, `graphql(query, variables)` and `request(method, path, {query, body})`, all async.',
    'Return `{ verdict: "pass" | "fail" | "unknown", checks: [{ name, ok, detail }], explanation }`. Import nothing: no Node modules are available.',
  ].join('\n'),
  py: [
    'Write one Python module with `def verify(task, before, after):` (standard library only).',
    '`before` and `after` have `get(path, query=None)`, `post(path, body=None)`, `graphql(query, variables=None)` and `request(method, path, query=None, body=None)`.',
    'Return a dict `{"verdict": "pass" | "fail" | "unknown", "checks": [{"name", "ok", "detail"}], "explanation": str}`.',
  ].join('\n'),
};

/**
 * The construction prompt: the reuse contract in the project's words (docs/construct.md),
 * the verifier interface, the public task and docs. Nothing about outcomes or references.
 */
export function constructionPrompt(
  context: GeneratorContext,
  language: ProgramLanguage,
  rounds: number,
): ChatCompletionMessageParam[] {
  const fence = language === 'ts' ? 'ts' : 'python';
  const system = [
    'You write a verifier program: code that reads a business service before and after an agent worked and decides whether the agent did what the instruction asks.',
    'The reuse contract: the program you write is frozen and will be run again on later executions whose initial data differ.',
    'The instruction stays the same, but who a name refers to, which items belong to a set and which initial values must be kept come from each run\'s own "before" state.',
    'So never write ids, names or values you read now into the program as constants: resolve everything the instruction mentions from `before` at run time, then check `after` against it.',
    `You may read the "before" state you are building on with the tools, and run a draft of your program on it (the draft sees that same state as both before and after). Reads and draft runs share a budget of ${context.budget} units; you have at most ${rounds} replies.`,
    INTERFACE[language],
    `End with the complete program in one \`\`\`${fence} code block.`,
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: publicTaskText(context.task) },
  ];
}

const CODE_BLOCK = /```(?:ts|typescript|js|javascript|py|python)?[^\n]*\n([\s\S]*?)```/g;

/** The last fenced code block of the final answer: the program. */
export function programFromAnswer(text: string): string | undefined {
  const blocks = [...text.matchAll(CODE_BLOCK)];
  const source = blocks.at(-1)?.[1]?.trim();
  return source ? `${source}\n` : undefined;
}
