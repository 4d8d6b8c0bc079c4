import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { userProject } from './support/user-project.js';

interface JUnitCase {
  classname: string;
  name: string;
  failure?: string;
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
const attribute = (tag: string, name: string) =>
  unescapeXml(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '');

/** The `<testcase>` elements of a JUnit file, with the message of their `<failure>`. */
function junitCases(xml: string): JUnitCase[] {
  return [...xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)].map((match) => {
    const failure = /<failure\b([^>]*)>/.exec(match[2] ?? '');
    return {
      classname: attribute(match[1]!, 'classname'),
      name: attribute(match[1]!, 'name'),
      ...(failure ? { failure: attribute(failure[1]!, 'message') } : {}),
    };
  });
}

describe('JUnit and test locations in a user repository', () => {
  const project = userProject('junit-gates');
  afterAll(() => project.remove());

  it('a failing gate is a <failure> test case of the JUnit report, a passing one a passed case', async () => {
    project.copy('fixtures/verifiers/starter/stale', 'verifiers');
    project.copy('fixtures/verifiers/starter/lib', 'lib');
    project.write(
      'vitest.config.ts',
      `import { defineConfig } from 'vitest/config';
import { defineAgentProofBenchProject } from 'agentproofbench/vitest';
export default defineConfig({ test: { projects: [defineAgentProofBenchProject({
  pack: 'starter', verifier: 'verifiers/{task}.ts', mode: 'gate', resamples: 200,
  gates: { jointCorrect: 'all', ba: { source: 0.5 } },
})] } });
`,
    );
    const run = await project.vitest([
      'run',
      '--reporter=default',
      '--reporter=junit',
      '--outputFile.junit=junit.xml',
    ]);
    expect(run.exitCode, run.output).toBe(1);
    const xml = readFileSync(path.join(project.dir, 'junit.xml'), 'utf8');
    const cases = junitCases(xml);
    const gates = cases.filter((entry) => entry.name.startsWith('agentproofbench gate: '));
    expect(gates).toEqual([
      expect.objectContaining({ name: 'agentproofbench gate: ba.source' }),
      expect.objectContaining({
        name: 'agentproofbench gate: jointCorrect',
        failure: 'jointCorrect 0/2, not all (2 program × task short)',
      }),
      expect.objectContaining({ name: 'agentproofbench gate: allRecorded' }),
    ]);
    expect(gates[0]).not.toHaveProperty('failure');
    expect(gates[2]).not.toHaveProperty('failure');
    // The generated cases themselves all recorded (gate mode): the gate is the one failure.
    expect(cases.filter((entry) => entry.failure !== undefined)).toHaveLength(1);
    expect(/<testsuites\b[^>]*\sfailures="1"/.test(xml)).toBe(true);
    // Vitest's own summary counts it too.
    expect(run.output).toMatch(/Tests\s+1 failed \| \d+ passed/);
  });

  it('test files and class names name the tasks, and failures point at the verifier, not into the package', async () => {
    project.write(
      'vitest.config.ts',
      `import { defineConfig } from 'vitest/config';
import { defineAgentProofBenchProject } from 'agentproofbench/vitest';
export default defineConfig({ test: { projects: [defineAgentProofBenchProject({
  pack: 'starter', verifier: 'verifiers/{task}.ts', mode: 'tdd', resamples: 200,
})] } });
`,
    );
    // Two workers: one chunk file per task (with one worker both tasks share one file).
    const run = await project.vitest([
      'run',
      '--maxWorkers=2',
      '--reporter=default',
      '--reporter=junit',
      '--outputFile.junit=junit.xml',
    ]);
    expect(run.exitCode).toBe(1);
    const cases = junitCases(readFileSync(path.join(project.dir, 'junit.xml'), 'utf8'));
    expect(new Set(cases.map((entry) => entry.classname))).toEqual(
      new Set([
        '.agentproofbench/agentproofbench/starter_1.test.mjs',
        '.agentproofbench/agentproofbench/starter_2.test.mjs',
      ]),
    );
    expect(run.output).toContain(
      'FAIL  |agentproofbench| .agentproofbench/agentproofbench/starter_1.test.mjs > starter_1 › related › ',
    );
    // The stale verifier's failures point at its `verify`, the frame the user can open.
    expect(run.output).toMatch(/❯ verify verifiers\/starter_1\.ts:\d+:1/);
    expect(run.output).not.toMatch(/register-chunk|chunks\/chunk-|node_modules\/agentproofbench/);
  });
});
