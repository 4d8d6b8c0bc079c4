// The public surface, pinned (docs/api.md): every entry point of package.json "exports" with
// the name and kind of each export, values and types alike, read by the TypeScript compiler
// from the source the entry point is built from. A change to the surface changes the
// snapshot, so it is a deliberate, reviewed change (`vitest -u` after deciding it is right).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
};

/** The source file an entry point is built from: `./dist/src/index.js` → `src/index.ts`. */
function sourceOf(built: string): string {
  const match = /^\.\/dist\/(.+)\.js$/.exec(built);
  if (!match) throw new Error(`an entry point outside dist/: ${built}`);
  return path.join(ROOT, `${match[1]}.ts`);
}

const entries = Object.entries(manifest.exports)
  .filter(
    (entry): entry is [string, { types: string; default: string }] => typeof entry[1] === 'object',
  )
  .map(([name, target]) => ({ name, file: sourceOf(target.default) }));

/** What one exported symbol is: a value kind, a type kind, or both (`class`, `const + type`). */
function kindOf(symbol: ts.Symbol): string {
  const flags = symbol.flags;
  const kinds: string[] = [];
  if (flags & ts.SymbolFlags.Class) kinds.push('class');
  else if (flags & ts.SymbolFlags.Function) kinds.push('function');
  else if (flags & ts.SymbolFlags.Variable) kinds.push('const');
  if (flags & ts.SymbolFlags.Enum) kinds.push('enum');
  if (flags & ts.SymbolFlags.ValueModule) kinds.push('namespace');
  if (flags & ts.SymbolFlags.Interface) kinds.push('interface');
  if (flags & ts.SymbolFlags.TypeAlias) kinds.push('type');
  return kinds.join(' + ') || `flags ${flags}`;
}

function surface(): Record<string, Record<string, string>> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  };
  const program = ts.createProgram(
    entries.map((entry) => entry.file),
    options,
  );
  const checker = program.getTypeChecker();
  const result: Record<string, Record<string, string>> = {};
  for (const entry of entries) {
    const file = program.getSourceFile(entry.file);
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`no module for ${entry.file}`);
    const exports: Record<string, string> = {};
    for (const symbol of checker
      .getExportsOfModule(module)
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      exports[symbol.name] = kindOf(target);
    }
    result[`agentproofbench${entry.name.slice(1)}`] = exports;
  }
  return result;
}

describe('the public surface', () => {
  const pinned = surface();

  it('covers every entry point of package.json "exports"', () => {
    expect(Object.keys(pinned)).toEqual([
      'agentproofbench',
      'agentproofbench/vitest',
      'agentproofbench/matchers',
      'agentproofbench/authoring',
      'agentproofbench/reporter',
      'agentproofbench/execution',
    ]);
  });

  it('exports exactly these names, of these kinds', () => {
    expect(pinned).toMatchSnapshot();
  });

  it('has dropped the deprecated aliases (openBench, Bench)', () => {
    for (const [entry, exports] of Object.entries(pinned)) {
      expect(Object.keys(exports), entry).not.toContain('openBench');
      expect(Object.keys(exports), entry).not.toContain('Bench');
    }
  });

  it('keeps the execution study internals off the package root', () => {
    const root = Object.keys(pinned.agentproofbench!);
    for (const name of Object.keys(pinned['agentproofbench/execution']!).filter(
      (name) => name !== 'GateTrace',
    ))
      expect(root, name).not.toContain(name);
  });

  it('gives a user the pack format types from the package root', () => {
    const root = pinned.agentproofbench!;
    for (const name of ['Task', 'Outcome', 'Patch', 'Row', 'Seed', 'State', 'ApiCall', 'CallClock'])
      expect(root[name], name).toMatch(/type|interface|class/);
  });
});
