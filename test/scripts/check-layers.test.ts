import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkLayerOrder,
  checkLayers,
  checkRepository,
  findCycles,
  type ImportEdge,
  importEdges,
  type Layer,
  layerOf,
  parseLayers,
} from '../../scripts/check-layers.js';

const layers: Layer[] = [
  { rank: 1, path: 'src/low/' },
  { rank: 2, path: 'src/mid/' },
  { rank: 2, path: 'src/side/' },
  { rank: 3, path: 'src/high/' },
  { rank: 4, path: 'src/index.ts' },
];
const edge = (from: string, to: string): ImportEdge => ({ from, to });

describe('parseLayers', () => {
  it('reads rank and folder from the rows of the layer table and ignores other lines', () => {
    const markdown = [
      '# Architecture',
      '| Rank | Folder | What |',
      '| ---: | --- | --- |',
      '| 1 | `src/schema/` | zod schemas |',
      '| 12 | `src/index.ts` | exports |',
      'Text with `src/other/` in it.',
    ].join('\n');
    expect(parseLayers(markdown)).toEqual([
      { rank: 1, path: 'src/schema/' },
      { rank: 12, path: 'src/index.ts' },
    ]);
  });
});

describe('layerOf', () => {
  it('places a file in the longest matching folder, and a file entry only on an exact match', () => {
    const nested = [...layers, { rank: 9, path: 'src/low/deep/' }];
    expect(layerOf('src/low/deep/a.ts', nested)?.rank).toBe(9);
    expect(layerOf('src/low/a.ts', nested)?.rank).toBe(1);
    expect(layerOf('src/index.ts', layers)?.rank).toBe(4);
    expect(layerOf('src/index.tsx', layers)).toBeUndefined();
    expect(layerOf('src/lowest/a.ts', layers)).toBeUndefined();
  });
});

describe('checkLayers', () => {
  it('accepts imports into lower layers and within a folder', () => {
    const edges = [
      edge('src/high/a.ts', 'src/mid/b.ts'),
      edge('src/mid/b.ts', 'src/low/c.ts'),
      edge('src/index.ts', 'src/high/a.ts'),
      edge('src/low/c.ts', 'src/low/d.ts'),
    ];
    expect(checkLayers(edges, layers)).toEqual([]);
  });

  it('names an import from a lower layer into a higher one', () => {
    const problems = checkLayers([edge('src/low/c.ts', 'src/high/a.ts')], layers);
    expect(problems).toEqual([
      {
        code: 'upward_import',
        message:
          'src/low/c.ts -> src/high/a.ts: src/low/ (layer 1) imports src/high/ (layer 3), a higher layer',
      },
    ]);
  });

  it('refuses imports between peers of the same rank', () => {
    const problems = checkLayers([edge('src/mid/b.ts', 'src/side/e.ts')], layers);
    expect(problems.map((problem) => problem.code)).toEqual(['peer_import']);
    expect(problems[0]?.message).toContain('src/mid/b.ts -> src/side/e.ts');
  });

  it('reports a file in no layer once, however many edges touch it', () => {
    const problems = checkLayers(
      [edge('src/stray/x.ts', 'src/low/c.ts'), edge('src/high/a.ts', 'src/stray/x.ts')],
      layers,
    );
    expect(problems.filter((problem) => problem.code === 'no_layer')).toHaveLength(1);
    expect(problems[0]?.message).toContain('src/stray/x.ts is in no layer');
  });

  it('reports a cycle inside one folder, which the layer order alone allows', () => {
    const problems = checkLayers(
      [
        edge('src/low/a.ts', 'src/low/b.ts'),
        edge('src/low/b.ts', 'src/low/c.ts'),
        edge('src/low/c.ts', 'src/low/a.ts'),
      ],
      layers,
    );
    expect(problems).toEqual([
      { code: 'cycle', message: 'import cycle: src/low/a.ts -> src/low/b.ts -> src/low/c.ts' },
    ]);
  });
});

describe('findCycles', () => {
  it('finds each strongly connected group once, and self-imports, but not a diamond', () => {
    const cycles = findCycles([
      edge('a', 'b'),
      edge('b', 'a'),
      edge('c', 'd'),
      edge('c', 'e'),
      edge('d', 'f'),
      edge('e', 'f'),
      edge('g', 'g'),
    ]);
    expect(cycles).toEqual([['a', 'b'], ['g']]);
  });
});

describe('importEdges', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'apb-layers-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads static, type-only, re-export and dynamic relative imports; skips packages and comments', () => {
    mkdirSync(path.join(root, 'src/low'), { recursive: true });
    mkdirSync(path.join(root, 'src/high'), { recursive: true });
    writeFileSync(path.join(root, 'src/low/c.ts'), 'export const c = 1;\n');
    writeFileSync(
      path.join(root, 'src/high/a.ts'),
      [
        "import { z } from 'zod';",
        "import type { C } from '../low/c.js';",
        "export { c } from '../low/c.js';",
        "// import { gone } from '../low/gone.js';",
        "const later = () => import('./b.js');",
      ].join('\n'),
    );
    expect(importEdges(root, ['src'])).toEqual([
      edge('src/high/a.ts', 'src/low/c.ts'),
      edge('src/high/a.ts', 'src/low/c.ts'),
      edge('src/high/a.ts', 'src/high/b.ts'),
    ]);
  });
});

describe('checkLayerOrder', () => {
  const table = (report: number): Layer[] => [
    { rank: 1, path: 'src/run/' },
    { rank: report, path: 'src/report/' },
    { rank: 3, path: 'reporters/' },
    { rank: 3, path: 'matchers/' },
  ];
  const required = [
    ['src/run/', 'src/report/'],
    ['src/report/', 'reporters/'],
    ['src/report/', 'matchers/'],
  ] as const;

  it('accepts a table that ranks the report model between the run and its readers', () => {
    expect(checkLayerOrder(table(2), required)).toEqual([]);
  });

  it('names each reader the report model is not below, a peer rank included', () => {
    expect(checkLayerOrder(table(3), required).map((problem) => problem.message)).toEqual([
      'the layer table must rank src/report/ (layer 3) below reporters/ (layer 3)',
      'the layer table must rank src/report/ (layer 3) below matchers/ (layer 3)',
    ]);
  });

  it('names a required folder the table leaves out', () => {
    const problems = checkLayerOrder(
      table(2).filter((layer) => layer.path !== 'src/report/'),
      required,
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toEqual({
      code: 'layer_order',
      message:
        'the layer table must rank src/run/ below src/report/, but it has no row for src/report/',
    });
  });
});

describe('this repository', () => {
  it('has no import cycle and no import into a higher layer of docs/architecture.md', () => {
    const problems = checkRepository(path.resolve(import.meta.dirname, '../..'));
    expect(problems.map((problem) => `[${problem.code}] ${problem.message}`)).toEqual([]);
  });
});
