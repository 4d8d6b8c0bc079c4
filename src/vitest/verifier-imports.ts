import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Static and dynamic imports of a relative path: `from './x.js'`, `import './x.js'`, `import('./x.js')`. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Where TypeScript and Node would find a relative import: as written, `.js` written for `.ts`, or a folder's index. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs'].map((ext) => `${stem}${ext}`),
    ...['index.ts', 'index.js'].map((index) => path.join(base, index)),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/**
 * The files a verifier module is made of: itself and every file it imports by a relative
 * path, transitively (its helpers). Watch mode re-runs the tasks whose verifiers are made of
 * a changed file (plugin.ts); package imports are not followed, as the bundler takes them
 * from node_modules, which Vite does not watch.
 */
export function verifierSources(module: string): Set<string> {
  const sources = new Set<string>();
  const pending = [path.resolve(module)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (sources.has(file)) continue;
    sources.add(file);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // deleted meanwhile: it is still one of the sources, with no imports
    }
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      const imported = resolveImport(file, match[1]!);
      if (imported) pending.push(imported);
    }
  }
  return sources;
}
