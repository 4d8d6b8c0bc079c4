// box_2: every intake file whose name starts with "OL-" moves to Orchard Lane's Surveys
// folder and nothing else moves. The set is read from this run's intake folder.
import type { PublicTask, VerifierResult } from '../../src/evaluation/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import { folderByPath, folderItems, judging, listed, verdictOf } from './lib/box.js';

const INTAKE = ['Intake - survey exports'];
const SURVEYS = ['Projects', 'Orchard Lane Community Garden', 'Surveys'];
const PREFIX = 'OL-';

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const intake = await folderByPath(before, INTAKE);
    const surveys = await folderByPath(before, SURVEYS);
    const intakeBefore = await folderItems(before, intake);
    const surveysBefore = await folderItems(before, surveys);
    const intakeAfter = await folderItems(after, intake);
    const surveysAfter = await folderItems(after, surveys);

    const members = intakeBefore.filter(
      (item) => item.type === 'file' && String(item.name).startsWith(PREFIX),
    );
    const others = intakeBefore.filter((item) => !members.includes(item));
    const idsOf = (items: readonly { id?: unknown }[]) =>
      new Set(items.map((item) => String(item.id)));
    const inIntake = idsOf(intakeAfter);
    const inSurveys = idsOf(surveysAfter);
    const expectedInSurveys = new Set([...idsOf(surveysBefore), ...idsOf(members)]);
    const sha1After = new Map(surveysAfter.map((item) => [String(item.id), item.sha1]));

    const notMoved = members.filter((item) => !inSurveys.has(String(item.id)));
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
          name: `every ${PREFIX} export is in Orchard Lane > Surveys`,
          ok: members.length > 0 && notMoved.length === 0,
          detail: `exports ${listed(members.map((item) => item.name))}; not there ${listed(notMoved.map((item) => item.name))}`,
        },
        {
          name: `no ${PREFIX} export left in the intake folder`,
          ok: leftBehind.length === 0,
          detail: `left ${listed(leftBehind.map((item) => item.name))}`,
        },
        {
          name: 'every other intake file stayed',
          ok: othersMoved.length === 0,
          detail: `moved ${listed(othersMoved.map((item) => item.name))}`,
        },
        {
          name: 'nothing else arrived in Surveys or left it',
          ok: strangers.length === 0 && surveysLost.length === 0,
          detail: `arrived ${listed(strangers.map((item) => item.name))}; left ${listed(surveysLost.map((item) => item.name))}`,
        },
        {
          name: 'moved files kept their content',
          ok: contentChanged.length === 0,
          detail: `changed ${listed(contentChanged.map((item) => item.name))}`,
        },
      ],
      `Read ${members.length} "${PREFIX}" export(s) among ${intakeBefore.length} intake items in the before-state and compared the intake and Surveys folders before and after.`,
    );
  });
}
