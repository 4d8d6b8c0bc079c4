// Runs `npm pack` and imports the built package (`dist/`), so it is an e2e test: `npm test` builds first.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, readmeSnippet } from '../support/readme.js';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  license: string;
  allowScripts: Record<string, boolean>;
  exports: Record<string, string | { types: string; default: string }>;
};

/** Files `npm pack` would put in the tarball (without running prepare). */
async function packedFiles(): Promise<string[]> {
  const { stdout } = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO_ROOT,
  });
  return (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map(
    (file) => file.path,
  );
}

describe('what the package ships', () => {
  it('the authoring library at agentproofbench/authoring, built with its types', async () => {
    const entry = manifest.exports['./authoring'];
    expect(entry).toEqual({
      types: './dist/src/authoring/index.d.ts',
      default: './dist/src/authoring/index.js',
    });
    const authoring = (await import(path.join(REPO_ROOT, 'dist/src/authoring/index.js'))) as Record<
      string,
      unknown
    >;
    for (const name of ['findRow', 'idSequence', 'fault', 'taskFile', 'writeGeneratedFiles'])
      expect(typeof authoring[name], name).toBe('function');
    for (const service of ['linear', 'slack', 'box', 'calendar'])
      expect(typeof authoring[service], service).toBe('object');
    expect(read('dist/src/authoring/index.d.ts')).toContain('findRow');
  });

  it('a LICENSE with the MIT text that package.json declares', () => {
    expect(manifest.license).toBe('MIT');
    const license = read('LICENSE');
    expect(license.split('\n')[0]).toBe('MIT License');
    expect(license).toMatch(/^Copyright \(c\) \d{4} \S.+$/m);
    expect(license).toContain(
      'Permission is hereby granted, free of charge, to any person obtaining a copy',
    );
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });

  it('docs that import the package by its own name, never by a path into src/', async () => {
    const files = await packedFiles();
    expect(files).toContain('LICENSE');
    const docs = files.filter((file) => file.endsWith('.md'));
    const shippedDocs = readdirSync(path.join(REPO_ROOT, 'docs')).map((file) => `docs/${file}`);
    expect(docs).toEqual(expect.arrayContaining(['README.md', ...shippedDocs]));
    const importsOfSource =
      /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"](?:\.{1,2}\/)+(?:[\w-]+\/)*src\//;
    for (const doc of docs) {
      const offending = read(doc)
        .split('\n')
        .filter((line) => importsOfSource.test(line));
      expect(offending, doc).toEqual([]);
    }
  }, 60_000);

  it('README approves exactly the dependencies that have install scripts', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { hasInstallScript?: boolean; dev?: boolean }>;
    };
    // What npm lists under "install scripts not yet covered by allowScripts" for a user.
    const withScripts = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && entry.hasInstallScript && !entry.dev)
      .map(([key]) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .sort();
    expect(withScripts.length).toBeGreaterThan(0);
    // The README approves them with `npm pkg set allowScripts.<name>=true … --json`.
    const approving = readmeSnippet('Use it in your repository', 'sh')
      .split('\n')
      .find((line) => line.startsWith('npm pkg set allowScripts.'));
    const approved = [...(approving ?? '').matchAll(/allowScripts\.([\w@/.-]+)=true/g)].map(
      (match) => match[1],
    );
    expect(approving).toMatch(/ --json$/);
    expect(approved.sort()).toEqual(withScripts);
    expect(Object.keys(manifest.allowScripts).sort()).toEqual(withScripts);
  });

  it('publishes cleanly: `npm publish --dry-run` corrects nothing, and ships no tests or test data', async () => {
    const published = await execa(
      'npm',
      ['publish', '--dry-run', '--ignore-scripts', '--offline'],
      { cwd: REPO_ROOT, reject: false, all: true },
    );
    expect(published.all).not.toMatch(/auto-corrected|errors corrected|npm pkg fix/);
    expect(published.all).toContain('agentproofbench@0.1.0');
    const files = await packedFiles();
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    const outsideShipped = files.filter(
      (file) =>
        /^(test|bench|examples|scripts|\.ci)\//.test(file) ||
        (file.startsWith('fixtures/') && !/^fixtures\/packs\/(builtin|starter)\//.test(file)),
    );
    expect(outsideShipped).toEqual([]);
  }, 120_000);
});
