import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './readme.js';

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words of a terminal report that need a definition: table headers, row labels and the
 * labels before each figure. Figures (counts, ratios, rates, intervals, money, Δ points),
 * the names a run supplies (task ids; program set names where a set is named: its heading, a table's first column, a contrast) and the gate
 * and notice lines (sentences that explain themselves, with their wrapped continuations) are
 * left out.
 */
export function terminalTerms(
  text: string,
  names: { tasks: readonly string[]; sets: readonly string[] },
): string[] {
  const terms = new Set<string>();
  const tasks = [...names.tasks].sort((a, b) => b.length - a.length).map(literal);
  const sets = names.sets.map(literal).join('|');
  let skipping = false;
  for (const raw of text.split('\n')) {
    if (/^\s*([✓✗!]|AgentProofBench —)/.test(raw)) {
      skipping = true;
      continue;
    }
    if (skipping && /^ {4}/.test(raw)) continue;
    skipping = false;
    let line = raw;
    if (tasks.length > 0) line = line.replace(new RegExp(`\\b(${tasks.join('|')})\\b`, 'g'), '|');
    if (sets !== '')
      line = line
        .replace(new RegExp(`^program set (${sets})$`), 'program set')
        .replace(new RegExp(`^(${sets})(?=\\s{2})`), '|')
        .replace(new RegExp(`\\((${sets})\\)`, 'g'), '|')
        .replace(new RegExp(`Δ (${sets})-(${sets})`, 'g'), 'Δ');
    const fragments = line
      .replace(/\$[\d.]+/g, '|')
      .replace(/[+-]?\d+(\.\d+)?%?/g, '|')
      .split(/[|,;:()[\]]|\s{2,}|—|−|→|\/|Δ/)
      .map((fragment) => fragment.trim())
      .filter((fragment) => /[a-zA-Z]/.test(fragment));
    if (line.includes('Δ')) terms.add('Δ');
    for (const fragment of fragments) terms.add(fragment);
  }
  return [...terms].sort();
}

/** The backticked spans of docs/report.md's "The terminal report" section. */
export function documentedTerminalTerms(): string[] {
  const text = readFileSync(path.join(REPO_ROOT, 'docs/report.md'), 'utf8');
  const start = text.indexOf('## The terminal report');
  const end = text.indexOf('\n## ', start + 1);
  if (start < 0) throw new Error('docs/report.md has no section "The terminal report"');
  return [...text.slice(start, end).matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
}

/** Terms of `text` that no backticked span of the section holds as a whole phrase. */
export function undefinedTerms(
  text: string,
  names: { tasks: readonly string[]; sets: readonly string[] },
): string[] {
  const spans = documentedTerminalTerms();
  return terminalTerms(text, names).filter(
    (term) =>
      !spans.some((span) =>
        new RegExp(`(^|[^\\w-])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(
          span,
        ),
      ),
  );
}
