// Checks that imports point one way: reads the layer order from docs/architecture.md, parses
// the relative imports of src/, matchers/ and reporters/, and fails on an import cycle or on
// an import from a lower layer to a higher one, naming the offending edge.
//   npx tsx scripts/check-layers.ts
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One row of the layer table: a folder (ending in `/`) or a file, and its rank (1 = lowest). */
export interface Layer {
  rank: number;
  path: string;
}

/** `from` imports `to`; both are paths relative to the repository root. */
export interface ImportEdge {
  from: string;
  to: string;
}

export interface LayerProblem {
  code: 'upward_import' | 'peer_import' | 'cycle' | 'no_layer' | 'layer_order';
  message: string;
}

const ROW = /^\|\s*(\d+)\s*\|\s*`([^`]+)`\s*\|/;

/** The layer table of docs/architecture.md: rows `| 3 | \`src/services/\` | … |`. */
export function parseLayers(markdown: string): Layer[] {
  const layers: Layer[] = [];
  for (const line of markdown.split('\n')) {
    const match = ROW.exec(line.trim());
    if (match) layers.push({ rank: Number(match[1]), path: match[2]! });
  }
  return layers;
}

/** The layer a file belongs to: the longest folder (or exact file) of the table that holds it. */
export function layerOf(file: string, layers: readonly Layer[]): Layer | undefined {
  let best: Layer | undefined;
  for (const layer of layers) {
    const holds = layer.path.endsWith('/') ? file.startsWith(layer.path) : file === layer.path;
    if (holds && (!best || layer.path.length > best.path.length)) best = layer;
  }
  return best;
}

/** Relative imports (`import`, `export … from`, `import()`, `import type`) of TypeScript sources. */
export function importEdges(root: string, folders: readonly string[]): ImportEdge[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.ts')) files.push(relative);
    }
  };
  for (const folder of folders) walk(folder);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const info = ts.preProcessFile(readFileSync(path.join(root, from), 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), fileName));
      edges.push({ from, to: to.replace(/\.js$/, '.ts') });
    }
  }
  return edges;
}

/** Import cycles between files (strongly connected components of more than one file, or a self-import). */
export function findCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = next.get(frame.node)!;
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = children.includes(frame.node);
        if (component.length > 1 || selfImport) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/**
 * Every problem of an import graph against a layer order: a file in no layer, an import
 * into a higher layer, an import between two different folders of the same rank, a cycle.
 */
export function checkLayers(
  edges: readonly ImportEdge[],
  layers: readonly Layer[],
): LayerProblem[] {
  const problems: LayerProblem[] = [];
  const unplaced = new Set<string>();
  for (const { from, to } of edges) {
    const source = layerOf(from, layers);
    const target = layerOf(to, layers);
    for (const [file, layer] of [
      [from, source],
      [to, target],
    ] as const) {
      if (!layer && !unplaced.has(file)) {
        unplaced.add(file);
        problems.push({
          code: 'no_layer',
          message: `${file} is in no layer: add its folder to the layer table of docs/architecture.md`,
        });
      }
    }
    if (!source || !target || source.path === target.path) continue;
    if (target.rank > source.rank) {
      problems.push({
        code: 'upward_import',
        message: `${from} -> ${to}: ${source.path} (layer ${source.rank}) imports ${target.path} (layer ${target.rank}), a higher layer`,
      });
    } else if (target.rank === source.rank) {
      problems.push({
        code: 'peer_import',
        message: `${from} -> ${to}: ${source.path} and ${target.path} share layer ${source.rank} and must not import each other`,
      });
    }
  }
  for (const cycle of findCycles(edges)) {
    problems.push({ code: 'cycle', message: `import cycle: ${cycle.join(' -> ')}` });
  }
  return problems;
}

/**
 * Orders the table itself must keep, `[lower, higher]`: an edit that ranks the report model
 * above what reads it would let the renderers' or the matchers' code back into it, the
 * imports all still "downward" (docs/architecture.md, "Why this order").
 */
export const REQUIRED_ORDER: ReadonlyArray<readonly [lower: string, higher: string]> = [
  ['src/run/', 'src/report/'],
  ['src/report/', 'reporters/'],
  ['src/report/', 'matchers/'],
  ['src/report/', 'src/cli/'],
  ['src/report/', 'src/index.ts'],
];

/** Every required order the table breaks, or whose folders it leaves out. */
export function checkLayerOrder(
  layers: readonly Layer[],
  required: ReadonlyArray<readonly [string, string]> = REQUIRED_ORDER,
): LayerProblem[] {
  const rank = (folder: string) => layers.find((layer) => layer.path === folder)?.rank;
  return required.flatMap(([lower, higher]) => {
    const below = rank(lower);
    const above = rank(higher);
    if (below === undefined || above === undefined)
      return [
        {
          code: 'layer_order' as const,
          message: `the layer table must rank ${lower} below ${higher}, but it has no row for ${below === undefined ? lower : higher}`,
        },
      ];
    if (below < above) return [];
    return [
      {
        code: 'layer_order' as const,
        message: `the layer table must rank ${lower} (layer ${below}) below ${higher} (layer ${above})`,
      },
    ];
  });
}

/** The folders whose imports are checked. */
export const CHECKED_FOLDERS = ['src', 'matchers', 'reporters'] as const;

/** Check the repository at `root` against its docs/architecture.md. */
export function checkRepository(root: string): LayerProblem[] {
  const layers = parseLayers(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
  if (layers.length === 0) {
    return [{ code: 'no_layer', message: 'docs/architecture.md has no layer table' }];
  }
  return [...checkLayerOrder(layers), ...checkLayers(importEdges(root, CHECKED_FOLDERS), layers)];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = checkRepository(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  for (const problem of problems) console.error(`[${problem.code}] ${problem.message}`);
  console.log(problems.length === 0 ? 'layers: ok' : `layers: ${problems.length} problem(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
