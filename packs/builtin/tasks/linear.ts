/**
 * Generates the built-in Linear tasks `fixtures/packs/builtin/tasks/linear_*.json` from the
 * built-in seed, one module per family under packs/builtin/tasks/linear/. Every row the patches
 * touch is found by name in the seed (the same way the references select), and every patch
 * is what a Linear call would write (`linear` of agentproofbench/authoring). packs/generate.ts runs it.
 */

import { type GeneratedFile, taskFile } from 'agentproofbench/authoring';
import { BUILTIN_PACK } from '../../lib/generator.js';
import { linear3, linear6 } from './linear/align-due-date.js';
import { linear2 } from './linear/close-blockers.js';
import { linear15 } from './linear/copy-blocked-priority.js';
import { linear8, linear9 } from './linear/hand-over.js';
import { linear11 } from './linear/into-project.js';
import { linear12 } from './linear/label-by-case.js';
import { linear4, linear7 } from './linear/mark-duplicate.js';
import { linear13 } from './linear/mention-assignee.js';
import { linear1, linear5 } from './linear/reassign-by-name.js';
import { linear16 } from './linear/rename-and-link.js';
import { linear14 } from './linear/reparent.js';
import { linear10 } from './linear/tag-with-label.js';

/** The built-in Linear task files. */
export function generate(): GeneratedFile[] {
  return [
    linear1(),
    linear2(),
    linear3(),
    linear4(),
    linear5(),
    linear6(),
    linear7(),
    linear8(),
    linear9(),
    linear10(),
    linear11(),
    linear12(),
    linear13(),
    linear14(),
    linear15(),
    linear16(),
  ].map((task) => taskFile(BUILTIN_PACK, task));
}
