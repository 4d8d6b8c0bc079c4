// The built-in packs' authoring code (packs/) is a workspace of its own that proves the public
// authoring API is enough (docs/pack-format.md, "Writing a pack in code"): it imports only
// Node, its own files and the package's public entry points by the package's name, it
// type-checks against the built package's declarations, and every generator in it is run
// by packs/generate.ts.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATHS, GENERATORS } from '../../packs/lib/generator.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const PACKS = path.join(REPO, 'packs');

function sources(): string[] {
  return readdirSync(PACKS, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join('packs', file).split(path.sep).join('/'))
    .sort();
}

/** `import`, `export … from`, `import type` and `import()` specifiers of a TypeScript file. */
function specifiers(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(path.join(REPO, file), 'utf8'), true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

const manifest = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, unknown>;
};
/** `agentproofbench`, `agentproofbench/authoring`, …: the names package.json exports. */
const PUBLIC_ENTRIES = Object.keys(manifest.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`));

/** Why `specifier`, imported by `file`, is not allowed in the workspace, or `undefined`. */
function forbidden(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('node:')) return undefined;
  if (specifier.startsWith('.')) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    return target.startsWith('packs/') ? undefined : `reaches outside packs/ (${target})`;
  }
  if (PUBLIC_ENTRIES.includes(specifier)) return undefined;
  return `is not a public entry point (${PUBLIC_ENTRIES.join(', ')})`;
}

describe('the packs/ workspace', () => {
  it('imports only Node, its own files and the public entry points', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(30);
    const problems = files.flatMap((file) =>
      specifiers(file).flatMap((specifier) => {
        const why = forbidden(file, specifier);
        return why ? [`${file}: '${specifier}' ${why}`] : [];
      }),
    );
    expect(problems).toEqual([]);
    // The rule itself refuses what the generators imported before they moved here.
    expect(forbidden('packs/builtin/tasks/slack.ts', '../../../src/authoring/slack.js')).toMatch(
      /outside packs/,
    );
    expect(forbidden('packs/builtin/tasks/slack.ts', 'agentproofbench/src/state/state.js')).toMatch(
      /not a public entry point/,
    );
  });

  it('runs every generator it holds: each module exporting generate or writeInto is listed', () => {
    const generators = sources().filter((file) =>
      /^export (async )?function (generate|writeInto)\(/m.test(
        readFileSync(path.join(REPO, file), 'utf8'),
      ),
    );
    expect(generators.length).toBeGreaterThan(8);
    const listed = new Set<string>(GENERATORS);
    expect(generators.filter((file) => !listed.has(file))).toEqual([]);
  });

  it('holds every pack generator: none is listed outside packs/, and no script under scripts/ names a generated pack', () => {
    expect(GENERATORS.filter((file) => !file.startsWith('packs/'))).toEqual([]);
    expect(GENERATORS.filter((file) => !existsSync(path.join(REPO, file)))).toEqual([]);
    const scripts = readdirSync(path.join(REPO, 'scripts'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|mjs|js)$/.test(file))
      .map((file) => path.join('scripts', file));
    expect(scripts.length).toBeGreaterThan(0);
    const writers = scripts.filter((file) => {
      const text = readFileSync(path.join(REPO, file), 'utf8');
      return GENERATED_PATHS.some((generated) => text.includes(generated));
    });
    expect(writers).toEqual([]);
  });

  it('type-checks against the built package (packs/tsconfig.json)', async () => {
    const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(
      process.execPath,
      [tsc, '-p', path.join(PACKS, 'tsconfig.json'), '--pretty', 'false'],
      { cwd: REPO },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => error);
    expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
  }, 240_000);
});
