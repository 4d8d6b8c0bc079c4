// The built-in Box task family of box4, box8: a hub whose description copies a folder's.
import {
  type ApiCall,
  applyPatch,
  box,
  type Patch,
  type Row,
  type State,
  type Task,
  type Trap,
} from 'agentproofbench/authoring';

import { withTotal } from '../../seeds/box/cost-plan.js';
import { untouched } from './checks.js';

const { addComment, currentContent, editItem, hubCall, hubItemsCall, newVersion } = box;

import {
  alternativeCalls,
  BEFORE_RUN,
  base,
  type Ctx,
  call,
  completeCalls,
  current,
  type Drafted,
  faultCalls,
  fileIn,
  folderAt,
  folderIn,
  marta,
  priyaD,
  priyaR,
  task,
} from './context.js';

// ================================================================ family: hub whose description copies a folder's
interface HubSpec {
  id: string;
  title: string;
  project: string;
  /** A look-alike folder: the wrong item (relation) and part of the both-added fault (set). */
  lookalike: Row;
  /** A folder whose description is the wrong text to copy (value). */
  wrongDescription: { id: string; description: string; from: Row };
  instruction: string;
  background: (ctx: Ctx) => { description: string; patch: Patch };
  relatedDescription: { text: string; condition: string };
  witness: string;
  traps: Trap[];
}

function hubFromFolder(ctx: Ctx, spec: HubSpec): Task {
  const projects = folderAt(['Projects']);
  const project = folderIn(spec.project, projects);
  const background = spec.background(ctx);
  const related: Patch = [
    editItem(
      'box_folders',
      project,
      { description: spec.relatedDescription.text },
      call(ctx, marta, BEFORE_RUN),
    ),
  ];
  const panel = (state: State): Drafted[] => {
    const description = String(current(state, 'box_folders', project).description);
    // POST /hubs, then one POST /hubs/{id}/manage_items adding the folders to that hub.
    const build = (
      fields: Partial<{ description: string; is_ai_enabled: boolean }>,
      targets: readonly Row[],
    ): ApiCall[] => [
      hubCall({ title: spec.title, description, ...fields }),
      hubItemsCall(
        '{{0.id}}',
        'add',
        targets.map((item) => ({ type: 'folder' as const, item })),
      ),
    ];
    return [
      completeCalls(
        'complete',
        'POST /hubs with the title and the folder description, then POST /hubs/{id}/manage_items adding the project folder',
        build({}, [project]),
      ),
      alternativeCalls(
        'ai-disabled',
        'the same hub created with Box AI switched off (the instruction does not mention it)',
        build({ is_ai_enabled: false }, [project]),
      ),
      faultCalls(
        spec.wrongDescription.id,
        'value',
        spec.wrongDescription.description,
        build({ description: String(spec.wrongDescription.from.description) }, [project]),
      ),
      faultCalls(
        spec.id === 'box_4' ? 'tender-folder-added' : 'lookalike-folder-added',
        'relation',
        `"${String(spec.lookalike.name)}" is added instead of the project folder`,
        build({}, [spec.lookalike]),
      ),
      faultCalls(
        'both-folders-added',
        'set',
        `both the project folder and "${String(spec.lookalike.name)}" are added to the hub`,
        build({}, [project, spec.lookalike]),
      ),
    ];
  };
  return task({
    id: spec.id,
    family: 'box-hub-from-folder-description',
    instruction: spec.instruction,
    selectors: {
      projects: {
        table: 'box_folders',
        where: { name: 'Projects', parent_id: '0' },
        cardinality: 'one',
      },
      project: {
        table: 'box_folders',
        where: { name: spec.project, parent_id: { ref: 'projects', field: 'id' } },
        cardinality: 'one',
      },
    },
    checks: [
      {
        kind: 'created',
        name: 'a hub with the requested title',
        category: 'value',
        reason: 'the instruction names the hub',
        bind: 'hub',
        table: 'box_hubs',
        where: { title: spec.title },
        cardinality: 'one',
      },
      {
        kind: 'field',
        name: "hub description is the project folder's description",
        category: 'value',
        reason:
          "the description is copied word for word from the folder as it is in this run's initial state",
        target: 'hub',
        field: 'description',
        expect: { ref: 'project', field: 'description' },
      },
      {
        kind: 'created',
        name: 'the project folder is in the hub',
        category: 'relation',
        reason: 'the hub must point at the named project folder, not a look-alike',
        bind: 'item',
        table: 'box_hub_items',
        where: {
          hub_id: { ref: 'hub', field: 'id' },
          item_id: { ref: 'project', field: 'id' },
          item_type: 'folder',
        },
        cardinality: 'one',
      },
      {
        kind: 'count',
        name: 'nothing else added to the hub',
        category: 'set',
        reason: 'the instruction adds exactly one item',
        table: 'box_hub_items',
        scope: 'inserted',
        where: { hub_id: { ref: 'hub', field: 'id' } },
        expect: 1,
      },
      untouched('folders and files untouched', 'copying a description must not edit the folder', [
        'box_folders',
        'box_files',
        'box_file_versions',
      ]),
    ],
    conditions: {
      background,
      related: { description: spec.relatedDescription.condition, change: 'value', patch: related },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness: spec.witness,
    traps: spec.traps,
  });
}

export const box4 = (ctx: Ctx): Task => {
  const tender = folderAt(['Projects', 'Harbour Steps Pocket Park (tender 2024)']);
  const title = 'Harbour Steps - client handover';
  return hubFromFolder(ctx, {
    id: 'box_4',
    title,
    project: 'Harbour Steps Pocket Park',
    lookalike: tender,
    wrongDescription: {
      id: 'tender-description',
      description: 'the description is copied from the 2024 tender folder',
      from: tender,
    },
    instruction: `Please set up a hub called "${title}" for the Port. Use the description of our Harbour Steps Pocket Park project folder (in Projects) as the hub description, word for word, and add that project folder to the hub.`,
    background: (c) => {
      const plan = fileIn(
        'Orchard Lane Community Garden cost plan v2.csv',
        folderAt(['Projects', 'Orchard Lane Community Garden', 'Budgets']),
      );
      return {
        description:
          'Priya Desai uploaded a new version of the Orchard Lane cost plan the day before',
        patch: newVersion(
          base,
          plan,
          withTotal(
            currentContent(base, plan).replace(
              /^Signage,\d+,nr,420,\d+$/m,
              'Signage,4,nr,420,1680',
            ),
          ),
          call(c, priyaD, BEFORE_RUN),
        ),
      };
    },
    relatedDescription: {
      text: 'Pocket park on the harbour steps for the Port of Westhaven Authority. Handover moved to June 2026 after the quay wall repairs.',
      condition:
        'Marta updated the Harbour Steps folder description the day before (handover moved to June): the text to copy is different',
    },
    witness: 'the source run wrote the old folder description into the hub',
    traps: ['copied-value', 'legal-alternative'],
  });
};

export const box8 = (ctx: Ctx): Task => {
  const kestrel = ['Projects', 'Kestrel Road Rain Garden'];
  const title = 'Kestrel Road - highways review';
  return hubFromFolder(ctx, {
    id: 'box_8',
    title,
    project: 'Kestrel Road Rain Garden',
    lookalike: folderAt([...kestrel, 'Drainage']),
    wrongDescription: {
      id: 'projects-description',
      description: 'the description is copied from the parent Projects folder',
      from: folderAt(['Projects']),
    },
    instruction: `Make a hub for the borough highways team titled "${title}". Its description should be exactly the description our Kestrel Road Rain Garden folder (under Projects) has, and the hub should contain that one folder.`,
    background: (c) => ({
      description: 'Priya Raman commented on the Orchard Lane soil tests the day before',
      patch: addComment(
        base,
        fileIn(
          'Soil tests.csv',
          folderAt(['Projects', 'Orchard Lane Community Garden', 'Surveys']),
        ),
        'Sample 3 was taken next to the compost bays; treat its organic matter figure with care.',
        call(c, priyaR, BEFORE_RUN),
      ),
    }),
    relatedDescription: {
      text: 'Street rain gardens on Kestrel Road with the borough highways team. Stage E; highways technical approval granted 2 March 2026.',
      condition:
        'Marta updated the Kestrel Road folder description the day before (technical approval granted): the text to copy is different',
    },
    witness: 'the source run wrote the old folder description into the hub',
    traps: ['copied-value', 'legal-alternative'],
  });
};
