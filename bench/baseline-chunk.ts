// A chunk file of the baseline run (baseline-project.ts): it plans its own tasks again,
// loading and qualifying the pack, before registering their cases as today's chunk does.
import { planRun } from '../src/run/run-plan.js';
import { providedRun, registerProblem, registerTasks } from '../src/vitest/register-chunk.js';

export async function registerBaselineChunk(chunk: number): Promise<void> {
  const provided = providedRun();
  if ('problem' in provided) {
    registerProblem(provided.problem);
    return;
  }
  const { options, plan } = provided;
  const mine = plan.tasks.filter((planned) => planned.chunk === chunk);
  const own = await planRun({ ...options, tasks: mine.map((planned) => planned.task.id) }, 1);
  registerTasks(own, own.tasks, options);
}
