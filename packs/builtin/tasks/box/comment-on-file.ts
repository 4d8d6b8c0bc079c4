// The built-in Box task family of box_9: comment on a file named in the instruction.
import {
  type ApiCall,
  applyPatch,
  box,
  type Patch,
  type Row,
  type State,
  type Task,
} from 'agentproofbench/authoring';

import { newOnFile, onlyOneNew, untouched } from './checks.js';

const { addComment, commentCall, editItem, updateCall, uploadFile } = box;

import {
  BEFORE_RUN,
  base,
  type Ctx,
  call,
  commentElsewhere,
  completeCalls,
  type Drafted,
  faultCalls,
  fileIn,
  fileSelector,
  folderAt,
  pathSelectors,
  priyaD,
  priyaR,
  task,
} from './context.js';

// ================================================================ box_9: comment on a file named in the instruction
export const box9 = (ctx: Ctx): Task => {
  const folder = ['Projects', 'Kestrel Road Rain Garden', 'Surveys'];
  const surveys = folderAt(folder);
  const soil = fileIn('Soil tests.csv', surveys);
  const orchardSoil = fileIn(
    'Soil tests.csv',
    folderAt(['Projects', 'Orchard Lane Community Garden', 'Surveys']),
  );
  const message = 'Infiltration in S2 looks low; can we retest before the kerb build-outs?';
  const retest = uploadFile(
    'Soil tests.csv',
    surveys,
    'sample,depth_cm,ph,organic_matter_pct,texture,infiltration_mm_h\nKR-S1,30,6.8,4.1,sandy loam,22\nKR-S2,30,7.0,3.2,clay loam,9\nKR-S3,45,6.6,2.9,loam,31\n',
    call(ctx, priyaR, BEFORE_RUN),
  );
  const related: Patch = [
    editItem(
      'box_files',
      soil,
      { name: 'Soil tests (superseded).csv' },
      call(ctx, priyaR, BEFORE_RUN),
    ),
    ...retest.ops,
    ...addComment(
      applyPatch(base, retest.ops),
      retest.file,
      'Re-test after the February rain; S2 repeated at 30 cm.',
      call(ctx, priyaR, BEFORE_RUN),
    ),
  ];
  const panel = (_state: State, target: Row): Drafted[] => {
    // POST /comments, then any further calls of the run.
    const comment = (file: Row, text: string, extra: ApiCall[] = []): ApiCall[] => [
      commentCall(file, text),
      ...extra,
    ];
    return [
      completeCalls(
        'complete',
        'POST /comments on the named file with the requested text',
        comment(target, message),
      ),
      faultCalls(
        'comment-on-orchard-soil-tests',
        'identity',
        'the comment goes on the Orchard Lane "Soil tests.csv", a file of the same name in another project',
        comment(orchardSoil, message),
      ),
      faultCalls(
        'message-cut-short',
        'value',
        'the comment says only "Infiltration in S2 looks low."',
        comment(target, 'Infiltration in S2 looks low.'),
      ),
      faultCalls(
        'description-edited-too',
        'preservation',
        'the comment is posted and the file description is changed to "Retest requested."',
        comment(target, message, [
          updateCall('file', target, { description: 'Retest requested.' }),
        ]),
      ),
    ];
  };
  return task({
    id: 'box_9',
    family: 'box-comment-on-named-file',
    instruction: `Please comment on the Kestrel Road soil test results — the file "Soil tests.csv" in Projects > Kestrel Road Rain Garden > Surveys — with: "${message}"`,
    selectors: {
      ...pathSelectors(folder),
      soil: fileSelector(
        'Soil tests.csv',
        'surveys',
        'the active soil tests file in Kestrel Road › Surveys',
      ),
    },
    checks: [
      newOnFile(
        'box_comments',
        'comment',
        'soil',
        'a comment on the named file',
        'identity',
        'the comment belongs on the file the instruction names, as the folder holds it now',
      ),
      onlyOneNew('box_comments', 'no comment anywhere else', 'one comment was asked for'),
      {
        kind: 'field',
        name: 'the comment carries the requested text',
        category: 'value',
        reason: 'the instruction gives the text',
        target: 'comment',
        field: 'message',
        expect: { containsIgnoreCase: 'S2 looks low; can we retest before the kerb build-outs?' },
      },
      {
        kind: 'preserved',
        name: 'the file itself is left as it was',
        category: 'preservation',
        reason: 'commenting changes nothing of the file but its comment count',
        target: 'soil',
        fields: ['name', 'description', 'tags', 'parent_id', 'sha_1'],
      },
      untouched(
        'other files, folders and contents untouched',
        'a comment edits nothing else',
        ['box_files', 'box_folders', 'box_file_versions'],
        'preservation',
        ['soil'],
      ),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Projects', 'Millbrook School Courtyard', 'Planting'],
        'Species list.csv',
        priyaD,
        'Added two shade-tolerant ferns for the north bed.',
      ),
      related: {
        description:
          'the day before, Priya Raman renamed the Kestrel Road "Soil tests.csv" to "Soil tests (superseded).csv" and uploaded a re-test under the old name (with a comment): the name now points to another file',
        change: 'binding',
        patch: related,
      },
    },
    source: panel(base, soil),
    related: panel(applyPatch(base, related), retest.file),
    witness: 'the source run commented on the file id that now carries the superseded name',
    traps: ['shared-name', 'renamed-entity'],
  });
};
