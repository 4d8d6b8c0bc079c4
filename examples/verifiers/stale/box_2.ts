// Stale variant of box_2: the set of exports was written down from the run the verifier
// was built on, instead of being read from the intake folder each time.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import { folderByPath, folderItems, judging, verdictOf } from '../lib/box.js';

const EXPORTS = ['OL-plot-07-levels.csv', 'OL-plot-12-levels.csv', 'OL-soil-sample-3.csv'];

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const intake = await folderByPath(before, ['Intake - survey exports']);
    const surveys = await folderByPath(before, [
      'Projects',
      'Orchard Lane Community Garden',
      'Surveys',
    ]);
    const intakeBefore = await folderItems(before, intake);
    const intakeAfter = (await folderItems(after, intake)).map((item) => String(item.name));
    const surveysAfter = (await folderItems(after, surveys)).map((item) => String(item.name));
    const others = intakeBefore
      .map((item) => String(item.name))
      .filter((name) => !EXPORTS.includes(name));
    return verdictOf(
      [
        {
          name: 'the exports are in Surveys',
          ok: EXPORTS.every((name) => surveysAfter.includes(name)),
        },
        {
          name: 'the exports left the intake folder',
          ok: EXPORTS.every((name) => !intakeAfter.includes(name)),
        },
        {
          name: 'other intake files stayed',
          ok: others.every((name) => intakeAfter.includes(name)),
        },
      ],
      'Checked the three Orchard Lane exports.',
    );
  });
}
