import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The first fenced code block (of `language`) under the README heading `heading`: tests run
 * what the README shows, so a README edit that breaks the snippet breaks the test.
 */
export function readmeSnippet(heading: string, language = 'ts'): string {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme
    .split('\n')
    .findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, '') === heading);
  if (start < 0) throw new Error(`README.md has no heading "${heading}"`);
  const rest = readme.split('\n').slice(start + 1);
  const open = rest.indexOf(`\`\`\`${language}`);
  const nextHeading = rest.findIndex((line) => /^#+ /.test(line));
  if (open < 0 || (nextHeading >= 0 && nextHeading < open))
    throw new Error(`README.md: no \`\`\`${language} block under "${heading}"`);
  const close = rest.findIndex((line, index) => index > open && line === '```');
  return rest.slice(open + 1, close).join('\n');
}
