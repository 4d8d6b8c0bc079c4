import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeVerifierPattern, resolvePrograms } from '../../src/evaluation/programs.js';
import { resolveOptions } from '../../src/run/options.js';
import { describeVerifier, resolveVerifierSpec } from '../../src/sandbox/verifier-spec.js';

function configFile(content: string, name = 'judge.json'): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'apb-judge-config-')), name);
  writeFileSync(file, content);
  return file;
}

describe('judge:<config.json>', () => {
  it('resolves to a judge spec with defaults filled in and the file name as its name', () => {
    const file = configFile(
      '{ "model": "m", "baseUrl": "http://127.0.0.1:9/v1" }',
      'mini-judge.json',
    );
    const spec = resolveVerifierSpec(`judge:${file}`);
    expect(spec).toEqual({
      kind: 'judge',
      name: 'mini-judge',
      config: {
        model: 'm',
        baseUrl: 'http://127.0.0.1:9/v1',
        rounds: 12,
        answer: 'text',
        maxAnswerBytes: 4 * 1024 * 1024,
        maxRetries: 2,
        price: { inputPerMillion: 0, outputPerMillion: 0 },
      },
    });
    expect(describeVerifier(spec)).toBe('judge mini-judge');
  });

  it('refuses a key in the config and says where keys go', () => {
    const file = configFile('{ "model": "m", "apiKey": "sk-123" }');
    expect(() => resolveVerifierSpec(`judge:${file}`)).toThrow(
      `APB_MODEL_CONFIG: ${file}: a key does not belong in the config (it would reach files and reports)\nFix: put the key in $AGENTPROOFBENCH_JUDGE_API_KEY, or name its variable with "apiKeyEnv"`,
    );
  });

  it('names the file and the JSON path of a bad field, a missing file and bad JSON', () => {
    const bad = configFile(
      '{ "rounds": 0, "answer": "yaml", "price": { "inputPerMillion": -1, "outputPerMillion": 0 } }',
    );
    expect(() => resolveVerifierSpec(`judge:${bad}`)).toThrow(
      new RegExp(`^APB_MODEL_CONFIG: ${bad}: price.inputPerMillion: .*; rounds: .*; answer: `),
    );
    expect(() => resolveVerifierSpec('judge:/nowhere/judge.json')).toThrow(
      'APB_MODEL_CONFIG: /nowhere/judge.json: cannot read the config file\nFix: check the path after judge: or builtin:',
    );
    const broken = configFile('{ "model": ');
    expect(() => resolveVerifierSpec(`judge:${broken}`)).toThrow(
      new RegExp(`^APB_MODEL_CONFIG: ${broken}: not valid JSON`),
    );
    const unknown = configFile('{ "modle": "m" }');
    expect(() => resolveVerifierSpec(`judge:${unknown}`)).toThrow(
      /\(root\): Unrecognized key: "modle"/,
    );
  });

  it('is one program for every task, named by the config, and reported relative to the root', () => {
    const file = configFile('{ "model": "m", "name": "house-judge" }');
    const root = path.dirname(path.dirname(file));
    const relative = `judge:${path.relative(root, file)}`;
    const programs = resolvePrograms(relative, ['a', 'b'], { cwd: root, set: 'judge' });
    expect(programs).toEqual([
      {
        task: 'a',
        program: { id: 'house-judge', set: 'judge' },
        module: `judge:${file}`,
        constructionCost: 0,
      },
      {
        task: 'b',
        program: { id: 'house-judge', set: 'judge' },
        module: `judge:${file}`,
        constructionCost: 0,
      },
    ]);
    expect(relativeVerifierPattern(root, `judge:${file}`)).toBe(relative);
  });

  it('keeps its prefix when options make paths absolute: program sets and the online gate', () => {
    const options = resolveOptions(
      {
        programs: { program: 'v/{task}.ts', judge: 'judge:judge.json' },
        onlineGate: 'judge:gate.json',
      },
      '/repo',
    );
    expect(options.programs.map((program) => program.pattern)).toEqual([
      '/repo/v/{task}.ts',
      'judge:/repo/judge.json',
    ]);
    expect(options.onlineGate).toBe('judge:/repo/gate.json');
  });
});
