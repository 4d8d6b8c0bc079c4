import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './readme.js';

/** What a ```ts block of the docs is, as its `<!-- snippet: kind -->` marker says. */
export const SNIPPET_KINDS = [
  'test', // a test file: `vitest run <file>`
  'config', // a whole vitest.config.ts: `vitest run --project agentproofbench`
  'verifier', // a verifier module: evaluated through the package
  'bench', // a bench file: `vitest bench --run <file>`
  'script', // a module run on its own: `npx tsx <file>`
  'generator', // a generator module: `agentproofbench construct --generator <file>`
  'fragment', // deliberately incomplete (the marker says what is left out): not run
] as const;
export type SnippetKind = (typeof SNIPPET_KINDS)[number];

export interface DocSnippet {
  /** `README.md:79`: the file and the line of the opening fence. */
  where: string;
  /** The kind its marker names, or `undefined` when the block has no marker. */
  kind: string | undefined;
  code: string;
  /** The file the snippet says it is (`// vitest.config.ts`, `// test/x.test.ts — …`), if any. */
  fileName: string | undefined;
}

/** The Markdown files whose snippets users copy: the README, examples/README.md and docs/. */
export function documentedFiles(): string[] {
  const docs = readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', 'examples/README.md', ...docs];
}

const MARKER = /^<!-- snippet: ([a-z]+)\b.*-->$/;
const FILE_COMMENT = /^\/\/ ([\w./-]+\.ts)\b/;

/** Every ```ts block of `files`, with the marker on the last non-blank line before it. */
export function docSnippets(files: readonly string[] = documentedFiles()): DocSnippet[] {
  const snippets: DocSnippet[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(REPO_ROOT, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (line !== '```ts') return;
      let before = index - 1;
      while (before >= 0 && lines[before]?.trim() === '') before -= 1;
      const kind = MARKER.exec(lines[before] ?? '')?.[1];
      const close = lines.findIndex((entry, at) => at > index && entry === '```');
      if (close < 0) throw new Error(`${file}:${index + 1}: a \`\`\`ts block that never closes`);
      const code = `${lines.slice(index + 1, close).join('\n')}\n`;
      const fileName = FILE_COMMENT.exec(lines[index + 1] ?? '')?.[1];
      snippets.push({ where: `${file}:${index + 1}`, kind, code, fileName });
    });
  }
  return snippets;
}
