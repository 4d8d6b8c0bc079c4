import { evaluateReference } from '../reference/evaluate.js';
import { readingDifferences, readReference } from '../reference/reading.js';
import type { DeclarativeReference } from '../schema/reference.js';
import type { ConditionName, Label, Task } from '../schema/task.js';
import type { WriteModel } from '../services/write-model.js';
import { unreachableOutcomes } from './call-reachability.js';
import type { Pack } from './pack.js';
import { conditionsOf, outcomesOf } from './pack.js';
import { invisibleRejection, unreadableEvidence } from './unreadable-evidence.js';

export type QualificationCode =
  | 'selector'
  | 'mislabelled'
  | 'background_label'
  | 'witness_source'
  | 'witness_replay'
  | 'related_unchanged'
  /** an outcome written as calls that the actor cannot make (a call is refused) */
  | 'unreachable'
  /** the reference reads a table or column no read operation of the service serves */
  | 'unreadable_evidence'
  | 'state';

export interface QualificationProblem {
  code: QualificationCode;
  message: string;
  condition?: ConditionName;
  outcome?: string;
  /** The reference checks that decided the disagreement. */
  checks?: Array<{ name: string; message: string }>;
  /** Where in the pack the problem is: the task file and the JSON path in it. */
  file?: string;
  path?: Array<string | number>;
  /** How to fix it, one line. */
  fix?: string;
}

export interface OutcomeLabel {
  condition: ConditionName;
  outcome: string;
  declared: Label;
  actual: Label;
}

export interface TaskQualification {
  task: string;
  family: string;
  qualified: boolean;
  problems: QualificationProblem[];
  labels: OutcomeLabel[];
}

export interface QualifyOptions {
  /** The write models that run outcomes written as calls; defaults to the registered ones. */
  writeModel?: (service: Task['service']) => WriteModel | undefined;
}

/**
 * Qualify one task before any verifier is scored (docs/benchmark.md, Qualification): the
 * reference reads only what the API serves (docs/pack-format.md, "Evidence is public"), it labels every
 * outcome as declared, every outcome written as calls is reachable by the actor, the witness
 * behaves as specified, background keeps labels and the
 * related condition changes something the reference reads.
 */
export function qualifyTask(
  pack: Pack,
  task: Task,
  options: QualifyOptions = {},
): TaskQualification {
  const problems: QualificationProblem[] = [];
  const labels: OutcomeLabel[] = [];
  const actualLabel = new Map<string, Label>();

  for (const unreachable of unreachableOutcomes(pack, task, options.writeModel)) {
    problems.push({
      code: 'unreachable',
      condition: unreachable.condition,
      outcome: unreachable.outcome,
      file: unreachable.file,
      path: unreachable.path,
      message: unreachable.message,
      fix: 'write calls the actor may make (the service refuses this one), or write the state as a patch',
    });
  }

  for (const unreadable of unreadableEvidence(task)) {
    problems.push({
      code: 'unreadable_evidence',
      file: unreadable.file,
      path: unreadable.path,
      message: unreadable.message,
      fix: unreadable.fix,
    });
  }

  for (const condition of conditionsOf(task)) {
    for (const [index, outcome] of outcomesOf(task, condition).entries()) {
      let result: ReturnType<typeof evaluateReference>;
      try {
        const { before, after } = pack.states(task, condition, outcome.id);
        result = evaluateReference(task.reference, before, after);
        const invisible = invisibleRejection(
          task,
          ['outcomes', condition, index],
          before,
          after,
          result,
        );
        if (invisible)
          problems.push({
            code: 'unreadable_evidence',
            condition,
            outcome: outcome.id,
            file: invisible.file,
            path: invisible.path,
            message: invisible.message,
            fix: invisible.fix,
          });
      } catch (error) {
        problems.push({
          code: 'state',
          condition,
          outcome: outcome.id,
          message: (error as Error).message,
        });
        continue;
      }
      labels.push({
        condition,
        outcome: outcome.id,
        declared: outcome.label,
        actual: result.label,
      });
      if (result.qualificationErrors.length > 0) {
        // Selectors read the before-state, which every outcome of a condition shares: say it once.
        for (const message of result.qualificationErrors) {
          if (
            !problems.some(
              (problem) =>
                problem.code === 'selector' &&
                problem.condition === condition &&
                problem.message.endsWith(message),
            )
          ) {
            problems.push({ code: 'selector', condition, message: `${condition}: ${message}` });
          }
        }
        continue;
      }
      actualLabel.set(`${condition}/${outcome.id}`, result.label);
      if (result.label !== outcome.label) {
        const failing = result.checks.filter((check) => !check.ok);
        // For a fault nothing fails; the checks of its category are the ones that should have caught it.
        const sameCategory = result.checks.filter((check) => check.category === outcome.fault);
        const deciding =
          outcome.label === 'valid'
            ? failing
            : sameCategory.length > 0
              ? sameCategory
              : result.checks;
        const checks = deciding.map((check) => ({ name: check.name, message: check.message }));
        problems.push({
          code: 'mislabelled',
          condition,
          outcome: outcome.id,
          checks,
          message:
            outcome.label === 'valid'
              ? `${condition}/${outcome.id} is declared valid but the reference labels it invalid: ${failing.map((check) => `check "${check.name}" fails (${check.message})`).join('; ')}`
              : `${condition}/${outcome.id} is declared invalid (${outcome.role}${outcome.fault ? `, ${outcome.fault}` : ''}) but every reference check passes, including ${deciding.map((check) => `"${check.name}" (${check.message})`).join(', ')}`,
        });
      }
    }
  }

  for (const outcome of outcomesOf(task, 'background')) {
    const source = actualLabel.get(`source/${outcome.id}`);
    const background = actualLabel.get(`background/${outcome.id}`);
    if (source !== undefined && background !== undefined && source !== background) {
      problems.push({
        code: 'background_label',
        condition: 'background',
        outcome: outcome.id,
        message: `background/${outcome.id} is labelled ${background} but source/${outcome.id} is ${source}; background changes must not move any verdict`,
      });
    }
  }

  if (task.conditions.related && task.witness) {
    try {
      const witness = pack.witness(task)!;
      // The witness source pair is the decision's own source outcome, labelled above.
      const sourceLabel =
        labels.find(
          (label) => label.condition === 'source' && label.outcome === witness.decision.id,
        )?.actual ??
        evaluateReference(task.reference, witness.source.before, witness.source.after).label;
      if (sourceLabel !== 'valid') {
        problems.push({
          code: 'witness_source',
          message: `the witness decision ${witness.decision.id} is not valid under source`,
        });
      }
      const replay = evaluateReference(task.reference, witness.replay.before, witness.replay.after);
      if (replay.label !== 'invalid' || replay.qualificationErrors.length > 0) {
        problems.push({
          code: 'witness_replay',
          message:
            replay.qualificationErrors.length > 0
              ? `the related replay of ${witness.decision.id} cannot be judged: ${replay.qualificationErrors.join('; ')}`
              : `the related replay of ${witness.decision.id} is valid under related; the requirement did not move`,
        });
      }
    } catch (error) {
      problems.push({ code: 'state', message: `witness: ${(error as Error).message}` });
    }
  }

  if (task.conditions.related && task.reference.kind === 'declarative') {
    const reference = task.reference as DeclarativeReference;
    const differences = readingDifferences(
      readReference(reference, pack.before(task, 'source')),
      readReference(reference, pack.before(task, 'related')),
    );
    if (differences.length === 0) {
      problems.push({
        code: 'related_unchanged',
        condition: 'related',
        message:
          'the related condition changes nothing the reference reads (same rows and values for every selector)',
      });
    }
  }

  return { task: task.id, family: task.family, qualified: problems.length === 0, problems, labels };
}

export function qualifyPack(pack: Pack, options: QualifyOptions = {}): TaskQualification[] {
  return pack.tasks.map((task) => qualifyTask(pack, task, options));
}
