// The built-in Box task family of box_16: a new version that keeps every line.
import {
  type ApiCall,
  applyPatch,
  box,
  type Row,
  type State,
  type Task,
} from 'agentproofbench/authoring';

import { untouched } from './checks.js';

const { commentCall, currentContent, newVersion, newVersionCall, uploadCall } = box;

import {
  alternativeCalls,
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
  owen,
  pathSelectors,
  priyaR,
  task,
} from './context.js';

// ================================================================ box_16: new version that keeps every line
export const box16 = (ctx: Ctx): Task => {
  const folder = ['Studio Admin', 'Rosters'];
  const rosters = folderAt(folder);
  const rota = fileIn('Holiday rota 2026.csv', rosters);
  const roster = fileIn('Staff roster 2026.csv', rosters);
  const line = 'Priya Raman,2026-07-20,2026-07-24,5';
  const related = newVersion(
    base,
    rota,
    `${currentContent(base, rota)}Marta Kowalczyk,2026-10-26,2026-10-30,5\n`,
    call(ctx, owen, BEFORE_RUN),
  );
  const panel = (state: State): Drafted[] => {
    const content = currentContent(state, rota);
    // POST /files/{id}/content: the whole text of the new version.
    const version = (file: Row, text: string): ApiCall[] => [newVersionCall(file, text)];
    const withLine = `${content}${line}\n`;
    return [
      completeCalls(
        'complete',
        'POST /files/{id}/content: a new version with every line it had and the new one at the end',
        version(rota, withLine),
      ),
      alternativeCalls(
        'version-and-comment',
        'the same new version, and a comment saying what was added (not asked for, not forbidden)',
        [...version(rota, withLine), commentCall(rota, "Added Priya Raman's July leave.")],
      ),
      faultCalls(
        'lines-replaced',
        'preservation',
        'the new version holds only the header and the new line',
        version(rota, `name,from,to,days\n${line}\n`),
      ),
      faultCalls(
        'separate-file',
        'relation',
        'uploaded as a separate file "Holiday rota 2026 (1).csv" instead of a new version',
        [uploadCall('Holiday rota 2026 (1).csv', rosters, withLine)],
      ),
      faultCalls(
        'wrong-day-count',
        'value',
        'the new line says 4 days',
        version(rota, `${content}Priya Raman,2026-07-20,2026-07-24,4\n`),
      ),
      faultCalls(
        'roster-versioned',
        'identity',
        'the line is added as a new version of "Staff roster 2026.csv" instead',
        version(roster, `${currentContent(state, roster)}${line}\n`),
      ),
    ];
  };
  return task({
    id: 'box_16',
    family: 'box-new-version-keep-lines',
    instruction: `"Holiday rota 2026.csv" in Studio Admin > Rosters needs one more line: "${line}". Please upload the updated rota as a new version of that file, keeping every line it already has.`,
    selectors: {
      ...pathSelectors(folder),
      rota: fileSelector('Holiday rota 2026.csv', 'rosters'),
      rotaVersion: {
        table: 'box_file_versions',
        where: {
          file_id: { ref: 'rota', field: 'id' },
          version_number: { ref: 'rota', field: 'version_number' },
        },
        cardinality: 'one',
        description: "the rota's current version in this run's before-state",
      },
    },
    checks: [
      {
        kind: 'created',
        name: 'a new version of the rota',
        category: 'relation',
        reason: 'the update is a new version of that file',
        bind: 'upload',
        table: 'box_file_versions',
        where: { file_id: { ref: 'rota', field: 'id' } },
        cardinality: 'one',
      },
      {
        kind: 'field',
        name: 'the new version is current',
        category: 'relation',
        reason: 'the file now shows the new version',
        target: 'rota',
        field: 'sha_1',
        expect: { ref: 'upload', field: 'sha_1' },
      },
      {
        kind: 'count',
        name: 'no separate file uploaded',
        category: 'relation',
        reason: 'a new version, not a new file',
        table: 'box_files',
        scope: 'inserted',
        where: {},
        expect: 0,
      },
      {
        kind: 'field',
        name: 'the new line is in it',
        category: 'value',
        reason: 'the instruction gives the line verbatim',
        target: 'upload',
        field: 'content',
        expect: { contains: line },
      },
      {
        kind: 'field',
        name: 'every earlier line is kept',
        category: 'preservation',
        reason: "keep every line the rota has in this run's initial state",
        target: 'upload',
        field: 'content',
        expect: { contains: { ref: 'rotaVersion', field: 'content' } },
      },
      untouched(
        'no other file changed',
        'only the rota gets a version',
        ['box_files'],
        'identity',
        ['rota'],
      ),
      untouched('folders and tasks untouched', 'an upload changes nothing else', [
        'box_folders',
        'box_tasks',
      ]),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Studio Admin', 'Templates'],
        'Site visit checklist.md',
        priyaR,
        'Added: photograph the tree protection fencing from both sides.',
      ),
      related: {
        description:
          "Owen added Marta's October leave to the rota the day before (a new version): the lines to keep are a different list",
        change: 'preservation',
        patch: related,
      },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness:
      "the source run uploaded the rota it had read plus the line, which drops Marta's October leave",
    traps: ['copied-value', 'preserve-across-tables', 'legal-alternative'],
  });
};
