import type { RunnerTestCase, RunnerTestFile } from 'vitest';
import type { TestModule, TestProject, Vitest } from 'vitest/node';
import type { CiThresholdResult } from '../src/report/ci-threshold-checks.js';

const GATE_ID = '__agentproofbench_gate_';

/** The registry Vitest keeps of reported tasks (internal, stable across Vitest 4). */
interface TaskRegistry {
  updateId(task: RunnerTestCase, project: TestProject): void;
}

/**
 * Gate results as test cases of the project's last test module, named
 * `agentproofbench gate: ba.related` (the message says the threshold and by how much): a failed gate is then a failed test for every
 * Vitest reporter (JUnit `<failure>`, JSON, GitHub Actions, the summary), not only a line
 * of text and an exit code. Must run before the other reporters read the modules, which
 * `onTestRunEnd` of the first reporter does synchronously.
 */
export function addCiThresholdCases(
  vitest: Vitest | undefined,
  modules: readonly TestModule[],
  gates: readonly CiThresholdResult[],
): void {
  // The runner's task tree behind a module: what the built-in reporters read.
  const fileOf = (module: TestModule) => (module as unknown as { task: RunnerTestFile }).task;
  // A watch re-run reuses modules of earlier runs, and may not re-run the one that held the
  // gate cases: drop the old gate cases wherever they are.
  for (const module of modules) {
    const file = fileOf(module);
    file.tasks = file.tasks.filter((task) => !task.id.startsWith(`${file.id}${GATE_ID}`));
  }
  const host = [...modules].sort((a, b) => (a.moduleId < b.moduleId ? -1 : 1)).at(-1);
  if (!host || gates.length === 0) return;
  const file = fileOf(host);
  for (const [index, gate] of gates.entries()) {
    const name = `agentproofbench gate: ${gate.gate}`;
    const error = { name: 'AgentProofBenchGateFailure', message: gate.message, stack: '' };
    const test: RunnerTestCase = {
      id: `${file.id}${GATE_ID}${index}`,
      type: 'test',
      name,
      fullName: `${file.name} > ${name}`,
      fullTestName: name,
      mode: 'run',
      meta: {},
      file,
      suite: file,
      result: gate.passed
        ? { state: 'pass', duration: 0 }
        : { state: 'fail', duration: 0, errors: [error] },
      context: undefined as unknown as RunnerTestCase['context'],
      timeout: 0,
      annotations: [],
      artifacts: [],
    };
    file.tasks.push(test);
    (vitest?.state as unknown as TaskRegistry | undefined)?.updateId(test, host.project);
  }
  if (gates.some((gate) => !gate.passed) && file.result) file.result.state = 'fail';
}
