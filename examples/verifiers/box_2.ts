// box_2: every intake file whose name starts with "OL-" moves to Orchard Lane's Surveys
// folder and nothing else moves. The set is read from this run's intake folder.
// prefixFilingPlan is the family's verifier; box_6 uses it with its own prefix and folder.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { type BoxObject, folderByPath, folderItems } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const INTAKE = ['Intake - survey exports'];

/** What one task of the family names: the prefix (case-sensitive) and the destination. */
export interface PrefixFilingSpec {
  prefix: string;
  destination: readonly string[];
}

export interface Seen {
  intake: string;
  surveys: string;
  intakeBefore: BoxObject[];
  surveysBefore: BoxObject[];
}

/** The family's verifier for one task's prefix and destination. */
export function prefixFilingPlan(spec: PrefixFilingSpec): VerifierPlan<Seen, readonly string[]> {
  const { prefix, destination } = spec;
  const where = destination.slice(1).join(' > ');

  async function read({ before }: Run): Promise<Seen> {
    const intake = await folderByPath(before, INTAKE);
    const surveys = await folderByPath(before, destination);
    const intakeBefore = await folderItems(before, intake);
    const surveysBefore = await folderItems(before, surveys);
    return { intake, surveys, intakeBefore, surveysBefore };
  }

  /** The names of the files to move: this run's intake files with the prefix. */
  function required({ intakeBefore }: Seen): string[] {
    return intakeBefore
      .filter((item) => item.type === 'file' && String(item.name).startsWith(prefix))
      .map((item) => String(item.name));
  }

  async function judge(
    { intake, surveys, intakeBefore, surveysBefore }: Seen,
    exports: readonly string[],
    { after }: Run,
  ): Promise<VerifierResult> {
    const intakeAfter = await folderItems(after, intake);
    const surveysAfter = await folderItems(after, surveys);

    const members = intakeBefore.filter(
      (item) => item.type === 'file' && exports.includes(String(item.name)),
    );
    // A required name with no file in the intake folder cannot have been moved from it.
    const absent = exports.filter((name) => !members.some((item) => item.name === name));
    const others = intakeBefore.filter((item) => !members.includes(item));
    const idsOf = (items: readonly { id?: unknown }[]) =>
      new Set(items.map((item) => String(item.id)));
    const inIntake = idsOf(intakeAfter);
    const inSurveys = idsOf(surveysAfter);
    const expectedInSurveys = new Set([...idsOf(surveysBefore), ...idsOf(members)]);
    const sha1After = new Map(surveysAfter.map((item) => [String(item.id), item.sha1]));

    const notMoved = [
      ...members.filter((item) => !inSurveys.has(String(item.id))).map((item) => item.name),
      ...absent,
    ];
    const leftBehind = members.filter((item) => inIntake.has(String(item.id)));
    const othersMoved = others.filter((item) => !inIntake.has(String(item.id)));
    const strangers = surveysAfter.filter((item) => !expectedInSurveys.has(String(item.id)));
    const surveysLost = surveysBefore.filter((item) => !inSurveys.has(String(item.id)));
    const contentChanged = members.filter(
      (item) => sha1After.has(String(item.id)) && sha1After.get(String(item.id)) !== item.sha1,
    );
    return verdictOf(
      [
        {
          name: `every ${prefix} export is in ${where}`,
          ok: members.length > 0 && notMoved.length === 0,
          detail: `exports ${listedAsJson(members.map((item) => item.name))}; not there ${listedAsJson(notMoved)}`,
        },
        {
          name: `no ${prefix} export left in the intake folder`,
          ok: leftBehind.length === 0,
          detail: `left ${listedAsJson(leftBehind.map((item) => item.name))}`,
        },
        {
          name: 'every other intake file stayed',
          ok: othersMoved.length === 0,
          detail: `moved ${listedAsJson(othersMoved.map((item) => item.name))}`,
        },
        {
          name: `nothing else arrived in ${where} or left it`,
          ok: strangers.length === 0 && surveysLost.length === 0,
          detail: `arrived ${listedAsJson(strangers.map((item) => item.name))}; left ${listedAsJson(surveysLost.map((item) => item.name))}`,
        },
        {
          name: 'moved files kept their content',
          ok: contentChanged.length === 0,
          detail: `changed ${listedAsJson(contentChanged.map((item) => item.name))}`,
        },
      ],
      `Read ${members.length} "${prefix}" export(s) among ${intakeBefore.length} intake items in the before-state and compared the intake folder and ${where} before and after.`,
    );
  }

  return { read, required, judge };
}

export const plan = prefixFilingPlan({
  prefix: 'OL-',
  destination: ['Projects', 'Orchard Lane Community Garden', 'Surveys'],
});
export const verify = verifierOf(plan);
