// Generates the built-in Box tasks (fixtures/packs/builtin/tasks/box_*.json) from the
// built-in seed: every id is looked up by name in the seed. The initial conditions are row
// changes (the `box` row builders of agentproofbench/authoring: data set up the day before); every outcome is
// written as the calls Marta makes (PUT /files/{id}, POST /tasks, POST /hubs, ...), and its
// patch is what the Box write model derives from them on that condition's before-state with
// the pack's calls clock (docs/pack-format.md, "Outcomes as API calls"), so the loader derives
// the same bytes. Families with two tasks are one parametrised builder each. Every state a
// task holds (conditions, outcomes, the witness replay) keeps Box's rule that no two active
// items of one folder share a name. One file per family under box/ (box/context.ts holds what
// they share); packs/generate.ts runs this one.

import { type GeneratedFile, idSequence, type TaskFile, taskFile } from 'agentproofbench/authoring';
import { BUILTIN_PACK } from '../../lib/generator.js';
import { box9 } from './box/comment-on-file.js';
import { assertBoxInvariants, base, type Ctx } from './box/context.js';
import { box11 } from './box/copy-tags.js';
import { box12 } from './box/due-with-task.js';
import { box2, box6 } from './box/file-by-prefix.js';
import { box4, box8 } from './box/hub-from-folder.js';
import { box15 } from './box/move-keep-metadata.js';
import { box16 } from './box/new-version-keeps-lines.js';
import { box3, box7 } from './box/rename-keep-metadata.js';
import { box1, box5 } from './box/review-task.js';
import { box14 } from './box/tag-folder-files.js';
import { box10 } from './box/task-for-owner.js';
import { box13 } from './box/trash-matching-photos.js';

// ================================================================ generate
/** The built-in Box task files. */
export function generate(): GeneratedFile[] {
  const ctx: Ctx = { newId: idSequence({ start: 9_900_000_001, avoid: [base] }) };
  const tasks = [
    box1,
    box2,
    box3,
    box4,
    box5,
    box6,
    box7,
    box8,
    box9,
    box10,
    box11,
    box12,
    box13,
    box14,
    box15,
    box16,
  ].map((build) => assertBoxInvariants(build(ctx)));
  return tasks.map((t) => taskFile(BUILTIN_PACK, t as TaskFile));
}
