// The built-in Box task family of box2, box6: file every intake export whose name has a prefix.
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

import { untouched } from './checks.js';

const { addComment, commentCall, editItem, updateCall, uploadFile } = box;

import {
  alternativeCalls,
  BEFORE_RUN,
  base,
  type Ctx,
  call,
  completeCalls,
  type Drafted,
  faultCalls,
  fileIn,
  folderAt,
  keysOf,
  marta,
  pathSelectors,
  priyaD,
  priyaR,
  task,
} from './context.js';

// ================================================================ family: file every intake export whose name has a prefix
interface PrefixSpec {
  id: string;
  prefix: string;
  destination: readonly string[];
  wrongDestination: { folder: readonly string[]; description: string };
  lookalike: string;
  instruction: string;
  background: (ctx: Ctx) => { description: string; patch: Patch };
  related: (ctx: Ctx, intake: Row) => { description: string; patch: Patch };
  witness: string;
  traps: Trap[];
}

function fileByPrefix(ctx: Ctx, spec: PrefixSpec): Task {
  const intake = folderAt(['Intake - survey exports']);
  const destination = folderAt(spec.destination);
  const wrong = folderAt(spec.wrongDestination.folder);
  const background = spec.background(ctx);
  const related = spec.related(ctx, intake);
  const panel = (state: State): Drafted[] => {
    const members = state
      .rows('box_files')
      .filter(
        (row) =>
          row.parent_id === intake.id &&
          String(row.name).startsWith(spec.prefix) &&
          row.item_status === 'active',
      );
    const lookalike = fileIn(spec.lookalike, intake, state);
    // PUT /files/{id} with a new parent, one call per file.
    const move = (rows: readonly Row[], to: Row): ApiCall[] =>
      rows.map((row) => updateCall('file', row, { parent: to }));
    const newest = [...members].sort((a, b) =>
      String(b.created_at).localeCompare(String(a.created_at)),
    )[0]!;
    return [
      completeCalls(
        'complete',
        `every ${members.length} "${spec.prefix}" export moved into ${spec.destination.slice(1).join(' › ')} (PUT /files/{id} with a new parent, one per file)`,
        move(members, destination),
      ),
      alternativeCalls(
        'moved-with-filing-notes',
        'the same moves, and a comment "Filed from Intake - survey exports." left on each moved export (the instruction neither asks for nor forbids notes)',
        [
          ...move(members, destination),
          ...members.map((row) => commentCall(row, 'Filed from Intake - survey exports.')),
        ],
      ),
      faultCalls(
        'missed-newest',
        'set',
        `the most recent export (${String(newest.name)}) is left in the intake folder`,
        move(
          members.filter((row) => row !== newest),
          destination,
        ),
      ),
      faultCalls(
        spec.id === 'box_2' ? 'archive-surveys' : 'wrong-folder',
        'relation',
        spec.wrongDestination.description,
        move(members, wrong),
      ),
      faultCalls(
        'lookalike-moved-too',
        'set',
        `a careless match also moves "${spec.lookalike}"`,
        move([...members, lookalike], destination),
      ),
    ];
  };
  const keys = keysOf(spec.destination);
  const destinationKey = keys[keys.length - 1]!;
  return task({
    id: spec.id,
    family: 'box-file-exports-by-prefix',
    instruction: spec.instruction,
    selectors: {
      intake: {
        table: 'box_folders',
        where: { name: 'Intake - survey exports', parent_id: '0' },
        cardinality: 'one',
      },
      ...pathSelectors(spec.destination, keys),
      exports: {
        table: 'box_files',
        where: {
          parent_id: { ref: 'intake', field: 'id' },
          name: { startsWith: spec.prefix },
          item_status: 'active',
        },
        cardinality: { min: 1 },
        description: `the intake files whose name starts with ${spec.prefix} in this run's before-state`,
      },
    },
    checks: [
      {
        kind: 'field',
        name: `every ${spec.prefix} export left the intake folder`,
        category: 'set',
        reason: 'the instruction asks for every file with the prefix, as the folder holds them now',
        target: 'exports',
        field: 'parent_id',
        expect: { neq: { ref: 'intake', field: 'id' } },
      },
      {
        kind: 'field',
        name: `each export is in ${spec.destination.slice(1).join(' › ')}`,
        category: 'relation',
        reason: "the destination is the named project's folder, not a look-alike",
        target: 'exports',
        field: 'parent_id',
        expect: { ref: destinationKey, field: 'id' },
      },
      untouched(
        'no other file moved or changed',
        'everything else stays in the intake folder',
        ['box_files'],
        'set',
        ['exports'],
      ),
      untouched('folders and contents untouched', 'moving files changes no folder and no content', [
        'box_folders',
        'box_file_versions',
      ]),
    ],
    conditions: {
      background,
      related: { ...related, change: 'membership' },
    },
    source: panel(base),
    related: panel(applyPatch(base, related.patch)),
    witness: spec.witness,
    traps: spec.traps,
  });
}

export const box2 = (ctx: Ctx): Task =>
  fileByPrefix(ctx, {
    id: 'box_2',
    prefix: 'OL-',
    destination: ['Projects', 'Orchard Lane Community Garden', 'Surveys'],
    wrongDestination: {
      folder: ['Projects', 'Orchard Lane Community Garden (archive)', 'Surveys'],
      description:
        'the exports are moved into the Surveys folder of "Orchard Lane Community Garden (archive)"',
    },
    lookalike: 'Old-OL-plot-07-levels.csv',
    instruction:
      'Could you file the Orchard Lane survey exports? Every file in "Intake - survey exports" whose name starts with "OL-" should go into the Surveys folder of the Orchard Lane Community Garden project. Leave everything else in the intake folder.',
    background: (c) => ({
      description: 'Marta uploaded the notes of the 9 March studio meeting',
      patch: uploadFile(
        '2026-03-09 studio meeting.md',
        folderAt(['Studio Admin', 'Meeting notes', '2026']),
        '# Studio meeting - 2026-03-09\n\nAttendees: Marta Kowalczyk, Priya Raman, Priya Desai\n\n## Notes\n- Kestrel Road highways sign-off expected next week\n- Nursery delivery for Orchard Lane booked for 24 March\n',
        call(c, marta, BEFORE_RUN),
      ).ops,
    }),
    related: (c, intake) => ({
      description:
        'Priya Raman uploaded one more Orchard Lane export (OL-plot-15-levels.csv) into the intake folder the day before: the set to move has four members',
      patch: uploadFile(
        'OL-plot-15-levels.csv',
        intake,
        'point,easting,northing,level_m_aod,note\nOL15-01,431022,221876,31.42,\nOL15-02,431031,221880,31.37,gully\nOL15-03,431040,221885,31.29,tree base\n',
        call(c, priyaR, BEFORE_RUN),
      ).ops,
    }),
    witness: 'the source run moved the three exports it saw; the fourth stays behind',
    traps: ['case-whitespace', 'legal-alternative'],
  });

export const box6 = (ctx: Ctx): Task =>
  fileByPrefix(ctx, {
    id: 'box_6',
    prefix: 'KR-',
    destination: ['Projects', 'Kestrel Road Rain Garden', 'Surveys'],
    wrongDestination: {
      folder: ['Projects', 'Kestrel Road Rain Garden', 'Drainage'],
      description:
        'the exports are moved into Kestrel Road Rain Garden › Drainage instead of Surveys',
    },
    lookalike: 'Kr-kerb-notes.txt',
    instruction:
      'The Kestrel Road survey exports are piling up in "Intake - survey exports". Please move each file there whose name begins with "KR-" (capital K and R) into Projects > Kestrel Road Rain Garden > Surveys, and nothing else.',
    background: (c) => ({
      description: 'Priya Desai commented on the Harbour Steps planting schedule the day before',
      patch: addComment(
        base,
        fileIn(
          'Planting schedule.csv',
          folderAt(['Projects', 'Harbour Steps Pocket Park', 'Planting']),
        ),
        'Swapped the lavender for sea thrift; the Port wants salt-tolerant edging.',
        call(c, priyaD, BEFORE_RUN),
      ),
    }),
    related: (c, intake) => ({
      description:
        'the day before, Priya Raman renamed "kr-gully-survey.csv" to "KR-gully-survey.csv": the set to move has three members',
      patch: [
        editItem(
          'box_files',
          fileIn('kr-gully-survey.csv', intake),
          { name: 'KR-gully-survey.csv' },
          call(c, priyaR, BEFORE_RUN),
        ),
      ],
    }),
    witness: 'the source run moved the two exports it saw; the renamed one stays behind',
    traps: ['case-whitespace', 'renamed-entity'],
  });
