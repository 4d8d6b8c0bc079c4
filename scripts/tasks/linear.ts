/**
 * Generates the four built-in Linear tasks `fixtures/packs/builtin/tasks/linear_{1..4}.json`
 * from the built-in seed. Every row the patches touch is found by name in the seed (the
 * same way the references select), and every patch is what a Linear call would write:
 * `updatedAt` moves with each edit, `startedAt`/`completedAt`/`canceledAt` follow the
 * workflow state's type, inserted rows carry every column their table's rows have, and
 * labels change in both `issues.labelIds` and the association table. Run:
 *
 *   npx tsx scripts/tasks/linear.ts
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GeneratedFile, taskFile } from '../../src/authoring/index.js';
import type { Row } from '../../src/schema/json.js';
import type { Patch, PatchOp } from '../../src/schema/patch.js';
import { type Seed, SeedSchema } from '../../src/schema/seed.js';
import type { Outcome, Task } from '../../src/schema/task.js';
import { State } from '../../src/state/state.js';
import { BUILTIN_PACK, writeWhenMain } from '../lib/generator.js';

const PACK = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/packs/builtin',
);
const seed: Seed = SeedSchema.parse(
  JSON.parse(readFileSync(path.join(PACK, 'seeds/linear-base.json'), 'utf8')),
);
const base = State.fromSeed(seed);

// ---------------------------------------------------------------- lookups by name
function only(rows: readonly Row[], what: string): Row {
  if (rows.length !== 1) throw new Error(`${what}: expected exactly one row, found ${rows.length}`);
  return rows[0]!;
}
const team = (name: string) =>
  only(
    base.rows('teams').filter((row) => row.name === name),
    `team ${name}`,
  );
const user = (name: string, state: State = base) =>
  only(
    state.rows('users').filter((row) => row.name === name && row.active === true),
    `user ${name}`,
  );
const issue = (title: string, teamName: string, state: State = base) =>
  only(
    state.rows('issues').filter((row) => row.title === title && row.teamId === team(teamName).id),
    `issue ${title} (${teamName})`,
  );
const workflowState = (teamName: string, name: string) =>
  only(
    base
      .rows('workflow_states')
      .filter((row) => row.teamId === team(teamName).id && row.name === name),
    `state ${teamName}/${name}`,
  );
const label = (name: string) =>
  only(
    base.rows('issue_labels').filter((row) => row.name === name),
    `label ${name}`,
  );
const id = (row: Row): string => String(row.id);

// ---------------------------------------------------------------- row changes as Linear writes them
/** Times of the runs (after the seed's present, 2026-03-06). Conditions change data before the run. */
const CONDITION_AT = '2026-03-07T10:15:00.000Z';
const RUN_AT = [
  '2026-03-09T14:30:00.000Z',
  '2026-03-09T14:31:10.000Z',
  '2026-03-09T14:32:25.000Z',
  '2026-03-09T14:33:40.000Z',
] as const;

/** `issueUpdate`: the given fields, `updatedAt`, and the lifecycle timestamps a state change implies. */
function updateIssue(current: Row, set: Row, at: string): PatchOp {
  const change: Row = { ...set };
  if (typeof set.stateId === 'string' && set.stateId !== current.stateId) {
    const type = base.get('workflow_states', { id: set.stateId })?.type;
    change.completedAt = type === 'completed' ? at : null;
    change.canceledAt = type === 'canceled' ? at : null;
    if ((type === 'started' || type === 'completed') && (current.startedAt ?? null) === null)
      change.startedAt = at;
  }
  change.updatedAt = at;
  return { op: 'update', table: 'issues', key: { id: id(current) }, set: change };
}

function insertComment(
  commentId: string,
  target: Row,
  author: Row,
  body: string,
  at: string,
): PatchOp {
  return {
    op: 'insert',
    table: 'comments',
    row: {
      id: commentId,
      issueId: id(target),
      userId: id(author),
      body,
      bodyData: JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: body }] }],
      }),
      reactionData: {},
      editedAt: null,
      archivedAt: null,
      createdAt: at,
      updatedAt: at,
      url: `https://linear.app/kestrel/issue/${String(target.identifier)}#comment-${commentId.slice(0, 8)}`,
    },
  };
}

function insertRelation(relationId: string, from: Row, to: Row, type: string, at: string): PatchOp {
  return {
    op: 'insert',
    table: 'issue_relations',
    row: {
      id: relationId,
      issueId: id(from),
      relatedIssueId: id(to),
      type,
      issueTitle: from.title!,
      relatedIssueTitle: to.title!,
      createdAt: at,
      updatedAt: at,
    },
  };
}

/** `issueUpdate` adding a label (plus any other fields): labelIds and the association table move together. */
function addLabel(current: Row, added: Row, at: string, alsoSet: Row = {}): PatchOp[] {
  const labelIds = [...((current.labelIds as string[] | undefined) ?? []), id(added)];
  return [
    {
      op: 'update',
      table: 'issues',
      key: { id: id(current) },
      set: { ...alsoSet, labelIds, updatedAt: at },
    },
    {
      op: 'insert',
      table: 'issue_label_issue_association',
      row: { issue_id: id(current), issue_label_id: id(added) },
    },
  ];
}

/** `issueUpdate` with a full `labelIds` list: the old associations go, the new ones come. */
function replaceLabels(current: Row, labels: Row[], at: string, alsoSet: Row = {}): PatchOp[] {
  const old = (current.labelIds as string[] | undefined) ?? [];
  return [
    {
      op: 'update',
      table: 'issues',
      key: { id: id(current) },
      set: { ...alsoSet, labelIds: labels.map(id), updatedAt: at },
    },
    ...old.map(
      (labelId): PatchOp => ({
        op: 'delete',
        table: 'issue_label_issue_association',
        key: { issue_id: id(current), issue_label_id: labelId },
      }),
    ),
    ...labels.map(
      (row): PatchOp => ({
        op: 'insert',
        table: 'issue_label_issue_association',
        row: { issue_id: id(current), issue_label_id: id(row) },
      }),
    ),
  ];
}

/** Apply a condition patch so later lookups see the condition's rows. */
function stateAfter(patch: Patch): State {
  const { state, errors } = base.apply(patch);
  if (errors.length > 0) throw new Error(errors.map((error) => error.message).join('; '));
  return state;
}

function valid(
  outcomeId: string,
  role: 'complete' | 'alternative',
  description: string,
  patch: Patch,
): Outcome {
  return { id: outcomeId, role, label: 'valid', description, patch };
}
function fault(
  outcomeId: string,
  category: NonNullable<Outcome['fault']>,
  description: string,
  patch: Patch,
): Outcome {
  return { id: outcomeId, role: 'fault', label: 'invalid', fault: category, description, patch };
}
function prefix(outcomeId: string, description: string, patch: Patch): Outcome {
  return { id: outcomeId, role: 'prefix', label: 'invalid', description, patch };
}

const dana = user('Dana Whitfield');
const actor = { id: id(dana), name: String(dana.name), email: String(dana.email) };

// ================================================================ linear_1: hand an issue to a person by name
function linear1(): Task {
  const mobile = team('Mobile');
  const inReview = workflowState('Mobile', 'In Review');
  const qa = workflowState('Mobile', 'QA');
  const ramanathan = user('Priya Ramanathan');
  const formerPriya = user('Priya Raman');

  const background: Patch = [
    insertComment(
      '0c6b2f4e-1d57-4a8e-9b13-5e2f7a9c4d01',
      issue('Offline sync drops queued edits on Android 12', 'Mobile'),
      ramanathan,
      'Pixel 6 repro attached; Doze mode kills the worker after 9 minutes.',
      CONDITION_AT,
    ),
    updateIssue(
      issue('Dashboard filters renders blank in Safari 17', 'Web'),
      { priority: 1, priorityLabel: 'Urgent' },
      CONDITION_AT,
    ),
  ];
  // The Priya Raman who was assignable left; a new colleague with the same name joined Mobile.
  const newPriya: Row = {
    ...formerPriya,
    id: '3e9a7c15-6f02-4b8d-a1e4-9c7d2b5f8e60',
    email: 'priya.raman2@kestrel.example',
    displayName: 'priyaraman',
    inviteHash: 'inv-priyaraman-31',
    createdAt: CONDITION_AT,
    updatedAt: CONDITION_AT,
    lastSeen: CONDITION_AT,
    createdIssueCount: 0,
    url: 'https://linear.app/kestrel/profiles/priyaraman',
  };
  const related: Patch = [
    {
      op: 'update',
      table: 'users',
      key: { id: id(formerPriya) },
      set: {
        active: false,
        isAssignable: false,
        isMentionable: false,
        disableReason: 'Left the company',
        updatedAt: CONDITION_AT,
      },
    },
    { op: 'insert', table: 'users', row: newPriya },
    {
      op: 'insert',
      table: 'team_memberships',
      row: {
        id: 'b71d0e3a-28c4-4f9e-8d65-1a3c5e7f9b02',
        userId: id(newPriya),
        teamId: id(mobile),
        owner: false,
        sortOrder: 8,
        archivedAt: null,
        createdAt: CONDITION_AT,
        updatedAt: CONDITION_AT,
      },
    },
  ];

  const panel = (
    state: State,
    priya: Row,
    wrongPriya: { row: Row; id: string; description: string },
  ): Outcome[] => {
    const sync = issue('Offline sync drops queued edits', 'Mobile', state);
    return [
      valid(
        'complete',
        'complete',
        'assigned to Priya Raman and moved to Mobile › In Review in one edit',
        [updateIssue(sync, { assigneeId: id(priya), stateId: id(inReview) }, RUN_AT[0])],
      ),
      valid(
        'handover-comment',
        'alternative',
        'the same edit plus a hand-over comment on the issue',
        [
          updateIssue(sync, { assigneeId: id(priya), stateId: id(inReview) }, RUN_AT[0]),
          insertComment(
            '5a0e8d27-3c91-4f6b-b2d8-7e4a1c9f0d13',
            sync,
            dana,
            `Handing this over to ${String(priya.displayName)}: the fix is up, it needs the final review.`,
            RUN_AT[1],
          ),
        ],
      ),
      prefix('assigned-only', 'the run stopped after reassigning; the issue is still In Progress', [
        updateIssue(sync, { assigneeId: id(priya) }, RUN_AT[0]),
      ]),
      fault(wrongPriya.id, 'identity', wrongPriya.description, [
        updateIssue(sync, { assigneeId: id(wrongPriya.row), stateId: id(inReview) }, RUN_AT[0]),
      ]),
      fault('qa-instead', 'value', 'assigned to Priya Raman but moved to QA instead of In Review', [
        updateIssue(sync, { assigneeId: id(priya), stateId: id(qa) }, RUN_AT[0]),
      ]),
      fault(
        'priority-reset',
        'preservation',
        'assigned and moved correctly, but the edit also reset the priority from High to Medium',
        [
          updateIssue(
            sync,
            { assigneeId: id(priya), stateId: id(inReview), priority: 3, priorityLabel: 'Medium' },
            RUN_AT[0],
          ),
        ],
      ),
    ];
  };
  const sourcePanel = panel(base, formerPriya, {
    row: ramanathan,
    id: 'other-priya',
    description: 'assigned to Priya Ramanathan, the other Priya on Mobile',
  });

  return {
    id: 'linear_1',
    family: 'linear-reassign-by-name',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction:
      'Jon is out for the rest of the cycle. Please hand the Mobile team\'s "Offline sync drops queued edits" over to Priya Raman and move it to In Review — the fix is already up, she only needs to finish the review.',
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        mobile: {
          table: 'teams',
          where: { name: 'Mobile' },
          cardinality: 'one',
          description: 'the team the instruction names',
        },
        sync: {
          table: 'issues',
          where: {
            title: 'Offline sync drops queued edits',
            teamId: { ref: 'mobile', field: 'id' },
          },
          cardinality: 'one',
          description: 'the Mobile issue, not the Web one with the same title',
        },
        priya: {
          table: 'users',
          where: { name: 'Priya Raman', active: true },
          cardinality: 'one',
          description: 'whoever is the active Priya Raman in this run',
        },
        inReview: {
          table: 'workflow_states',
          where: { teamId: { ref: 'mobile', field: 'id' }, name: 'In Review' },
          cardinality: 'one',
          description: "Mobile's In Review state",
        },
      },
      checks: [
        {
          kind: 'field',
          name: 'assignee is the current Priya Raman',
          category: 'identity',
          reason:
            'the instruction names Priya Raman; the name decides in this run, not a remembered id',
          target: 'sync',
          field: 'assigneeId',
          expect: { ref: 'priya', field: 'id' },
        },
        {
          kind: 'field',
          name: 'status is Mobile › In Review',
          category: 'value',
          reason: 'the instruction asks for In Review, not another started state such as QA',
          target: 'sync',
          field: 'stateId',
          expect: { ref: 'inReview', field: 'id' },
        },
        {
          kind: 'preserved',
          name: 'other fields of the issue kept',
          category: 'preservation',
          reason: 'only the assignee and the status were asked for',
          target: 'sync',
          fields: ['title', 'priority', 'dueDate', 'estimate', 'labelIds', 'parentId', 'teamId'],
        },
        {
          kind: 'unchanged',
          name: 'no other issue, label link or relation touched',
          category: 'preservation',
          reason: 'the request concerns one issue',
          tables: ['issues', 'issue_label_issue_association', 'issue_relations'],
          except: ['sync'],
          ignoreFields: [],
        },
      ],
      ignoreFields: [],
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description:
          'unrelated activity before the run: a comment on the Android 12 sub-issue, a Web issue escalated to Urgent',
        patch: background,
      },
      related: {
        description:
          'the Priya Raman who was on Mobile left (deactivated); a new colleague, also called Priya Raman, joined Mobile',
        change: 'binding',
        patch: related,
      },
    },
    outcomes: {
      source: sourcePanel,
      background: panel(stateAfter(background), formerPriya, {
        row: ramanathan,
        id: 'other-priya',
        description: 'assigned to Priya Ramanathan, the other Priya on Mobile',
      }),
      related: panel(stateAfter(related), newPriya, {
        row: formerPriya,
        id: 'former-priya',
        description: 'assigned to the deactivated Priya Raman (the account from before)',
      }),
    },
    witness: {
      decision: 'complete',
      description:
        "the source run wrote the former Priya Raman's id; on related that account is deactivated",
    },
  };
}

// ================================================================ linear_2: close every blocker of an issue
function linear2(): Task {
  const _web = team('Web');
  const done = workflowState('Web', 'Done');
  const released = workflowState('Web', 'Released');
  const canceled = workflowState('Web', 'Canceled');
  const launch = issue('Checkout v3 launch', 'Web');
  const savedCards = issue('Checkout v3: saved cards migration', 'Web');
  const threeDs = issue('Checkout v3: 3-D Secure challenge fallback', 'Web');
  const savedCardsLink = only(
    base
      .rows('issue_relations')
      .filter((row) => row.issueId === savedCards.id && row.relatedIssueId === launch.id),
    'saved cards blocks launch',
  );

  const background: Patch = [
    insertComment(
      '9d4f1a6c-7e28-4b3a-8c05-2f6d9e1b7a24',
      issue('Checkout v3: copy review', 'Web'),
      user('Sam Okonkwo'),
      'Legal signed off on the new consent wording.',
      CONDITION_AT,
    ),
    updateIssue(
      issue('Billing history table shows the wrong timezone', 'Web'),
      { assigneeId: id(user('Rosa Quintero')) },
      CONDITION_AT,
    ),
  ];
  const related: Patch = [
    insertRelation('e2a85c3f-4b17-4d09-9f6e-3c8b1a7d5e35', threeDs, launch, 'blocks', CONDITION_AT),
    { op: 'delete', table: 'issue_relations', key: { id: id(savedCardsLink) } },
  ];

  const panel = (
    state: State,
    blockerTitles: string[],
    missedTitle: string,
    missedKind: string,
  ): Outcome[] => {
    const rows = blockerTitles.map((title) => issue(title, 'Web', state));
    const open = rows.filter(
      (row) => base.get('workflow_states', { id: row.stateId! })?.type !== 'completed',
    );
    const closeAll = (stateRow: Row, except: Row[] = []) =>
      open
        .filter((row) => !except.includes(row))
        .map((row, index) =>
          updateIssue(row, { stateId: id(stateRow) }, RUN_AT[index % RUN_AT.length]!),
        );
    const missed = issue(missedTitle, 'Web', state);
    const first = open[0]!;
    return [
      valid(
        'complete',
        'complete',
        `every open blocker (${open.map((row) => String(row.identifier)).join(', ')}) moved to Done`,
        closeAll(done),
      ),
      valid(
        'some-released',
        'alternative',
        `${String(first.identifier)} moved to Released (also a completed state), the other open blockers to Done`,
        [
          updateIssue(first, { stateId: id(released) }, RUN_AT[0]),
          ...open
            .slice(1)
            .map((row, index) => updateIssue(row, { stateId: id(done) }, RUN_AT[index + 1]!)),
        ],
      ),
      fault(
        missedKind,
        'set',
        `"${missedTitle}" left open; the other blockers closed`,
        closeAll(done, [missed]),
      ),
      fault(
        'closed-announcement',
        'relation',
        'the blockers closed, and also the announcement email that the launch itself blocks',
        [
          ...closeAll(done),
          updateIssue(
            issue('Checkout v3 announcement email', 'Web', state),
            { stateId: id(done) },
            RUN_AT[3],
          ),
        ],
      ),
      fault(
        'canceled-instead',
        'value',
        'every open blocker moved to Canceled instead of a completed state',
        closeAll(canceled),
      ),
    ];
  };
  const sourceBlockers = [
    'Checkout v3: address autocomplete regression',
    'Checkout v3: tax line rounding on invoices',
    'Checkout v3: saved cards migration',
    'Checkout v3: feature flag cleanup',
  ];
  const relatedBlockers = [
    'Checkout v3: address autocomplete regression',
    'Checkout v3: tax line rounding on invoices',
    'Checkout v3: 3-D Secure challenge fallback',
    'Checkout v3: feature flag cleanup',
  ];

  return {
    id: 'linear_2',
    family: 'linear-close-launch-blockers',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction:
      'The Web team says everything blocking "Checkout v3 launch" is finished. Please close out each of its blockers as completed. Leave the launch issue itself, and everything else, as it is.',
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        web: { table: 'teams', where: { name: 'Web' }, cardinality: 'one' },
        launch: {
          table: 'issues',
          where: { title: 'Checkout v3 launch', teamId: { ref: 'web', field: 'id' } },
          cardinality: 'one',
        },
        blockerLinks: {
          table: 'issue_relations',
          where: { relatedIssueId: { ref: 'launch', field: 'id' }, type: 'blocks' },
          cardinality: 'some',
          description: 'relations "X blocks the launch" in this run',
        },
        blockers: {
          table: 'issues',
          where: { id: { in: { refs: 'blockerLinks', field: 'issueId' } } },
          cardinality: 'some',
        },
        completedStates: {
          table: 'workflow_states',
          where: { teamId: { ref: 'web', field: 'id' }, type: 'completed' },
          cardinality: 'some',
          description: 'Done and Released',
        },
        canceledStates: {
          table: 'workflow_states',
          where: { teamId: { ref: 'web', field: 'id' }, type: 'canceled' },
          cardinality: 'some',
        },
        downstreamLinks: {
          table: 'issue_relations',
          where: { issueId: { ref: 'launch', field: 'id' }, type: 'blocks' },
          cardinality: 'many',
          description: 'issues the launch blocks (the other direction)',
        },
        downstream: {
          table: 'issues',
          where: { id: { in: { refs: 'downstreamLinks', field: 'relatedIssueId' } } },
          cardinality: 'many',
        },
      },
      checks: [
        {
          kind: 'count',
          name: 'every blocker of the launch is in a completed state',
          category: 'set',
          reason:
            'the instruction asks to close each blocker; the set is whatever blocks the launch in this run',
          table: 'issues',
          where: {
            id: { in: { refs: 'blockers', field: 'id' } },
            stateId: { in: { refs: 'completedStates', field: 'id' } },
          },
          scope: 'after',
          expect: { sizeOf: 'blockers' },
        },
        {
          kind: 'field',
          name: 'no blocker is canceled',
          category: 'value',
          reason: 'finished work is closed as completed (Done or Released), not as Canceled',
          target: 'blockers',
          field: 'stateId',
          expect: { nin: { refs: 'canceledStates', field: 'id' } },
        },
        {
          kind: 'preserved',
          name: 'the launch issue stays as it was',
          category: 'relation',
          reason: 'the launch is what the blockers block; it is not itself a blocker',
          target: 'launch',
          fields: ['stateId', 'assigneeId'],
        },
        {
          kind: 'preserved',
          name: 'issues the launch blocks stay as they were',
          category: 'relation',
          reason: 'relations run from blocker to blocked; what the launch blocks is not finished',
          target: 'downstream',
          fields: ['stateId'],
        },
        {
          kind: 'unchanged',
          name: 'nothing but the blockers changed',
          category: 'preservation',
          reason: '"leave everything else as it is"',
          tables: ['issues', 'issue_relations', 'issue_label_issue_association'],
          except: ['blockers'],
          ignoreFields: [],
        },
      ],
      ignoreFields: [],
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description:
          'unrelated activity: a comment on the copy-review issue (related to, not blocking, the launch) and a Web issue reassigned',
        patch: background,
      },
      related: {
        description:
          'the 3-D Secure fallback was found to block the launch; the saved-cards migration no longer blocks it (moved after launch)',
        change: 'membership',
        patch: related,
      },
    },
    outcomes: {
      source: panel(base, sourceBlockers, 'Checkout v3: saved cards migration', 'missed-blocker'),
      background: panel(
        stateAfter(background),
        sourceBlockers,
        'Checkout v3: saved cards migration',
        'missed-blocker',
      ),
      related: panel(
        stateAfter(related),
        relatedBlockers,
        'Checkout v3: 3-D Secure challenge fallback',
        'missed-new-blocker',
      ),
    },
    witness: {
      decision: 'complete',
      description:
        'the source run closed the saved-cards migration, which no longer blocks, and not the 3-D Secure fallback, which now does',
    },
  };
}

// ================================================================ linear_3: a due date relative to another issue
function linear3(): Task {
  const blocker = label('release-blocker');
  const oldBlocker = label('release blocker');
  const api = issue('Inspection export API v2', 'Data');
  const apiV1 = issue('Inspection export API v1', 'Data');
  const SLIPPED = '2026-04-10';

  const background: Patch = [
    updateIssue(
      issue('Inspection export API v2 docs', 'Data'),
      { dueDate: '2026-03-27' },
      CONDITION_AT,
    ),
    insertComment(
      '47b2e9d0-6a13-4c58-b7f1-8e0d3a5c2b46',
      api,
      user('Mei Lin Chou'),
      'Photo payloads are in; annotations next.',
      CONDITION_AT,
    ),
  ];
  const related: Patch = [
    updateIssue(api, { dueDate: SLIPPED }, CONDITION_AT),
    insertComment(
      '61c8d3f5-2e97-4a0b-9d14-7b5f0e2a8c57',
      api,
      user('Mei Lin Chou'),
      `The annotation payload needs another sprint; moving the date to ${SLIPPED}.`,
      CONDITION_AT,
    ),
  ];

  const panel = (
    state: State,
    wrongDate: { id: string; value: string; description: string; category: 'identity' | 'value' },
  ): Outcome[] => {
    const photo = issue('Photo annotations on inspection reports', 'Mobile', state);
    const target = String(issue('Inspection export API v2', 'Data', state).dueDate);
    const withLabel = (date: string, labelRow: Row = blocker): Patch =>
      addLabel(photo, labelRow, RUN_AT[0], { dueDate: date });
    return [
      valid(
        'complete',
        'complete',
        `due date set to ${target} (the API issue's) and release-blocker added next to the existing labels`,
        withLabel(target),
      ),
      valid('two-edits', 'alternative', 'the label in one edit, the due date in a later one', [
        ...addLabel(photo, blocker, RUN_AT[0]),
        {
          op: 'update',
          table: 'issues',
          key: { id: id(photo) },
          set: { dueDate: target, updatedAt: RUN_AT[2] },
        },
      ]),
      fault(wrongDate.id, wrongDate.category, wrongDate.description, withLabel(wrongDate.value)),
      fault(
        'labels-replaced',
        'preservation',
        'due date right, but the labels were replaced by release-blocker alone',
        [...replaceLabels(photo, [blocker], RUN_AT[0], { dueDate: target })],
      ),
      fault(
        'archived-label',
        'identity',
        'due date right, but tagged with the archived "release blocker" label',
        withLabel(target, oldBlocker),
      ),
    ];
  };
  const v1 = {
    id: 'v1-date',
    value: String(apiV1.dueDate),
    description: 'due date copied from "Inspection export API v1" instead of v2',
    category: 'value' as const,
  };

  return {
    id: 'linear_3',
    family: 'linear-align-due-date',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction:
      'Mobile\'s "Photo annotations on inspection reports" has to ship together with the Data team\'s "Inspection export API v2". Give it the same due date as that API issue and tag it release-blocker, keeping the labels it already has.',
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        mobile: { table: 'teams', where: { name: 'Mobile' }, cardinality: 'one' },
        data: { table: 'teams', where: { name: 'Data' }, cardinality: 'one' },
        photo: {
          table: 'issues',
          where: {
            title: 'Photo annotations on inspection reports',
            teamId: { ref: 'mobile', field: 'id' },
          },
          cardinality: 'one',
          description: 'the Mobile issue, not the Web one with the same title',
        },
        api: {
          table: 'issues',
          where: { title: 'Inspection export API v2', teamId: { ref: 'data', field: 'id' } },
          cardinality: 'one',
        },
        releaseBlocker: {
          table: 'issue_labels',
          where: { name: 'release-blocker', archivedAt: null },
          cardinality: 'one',
          description: 'the live label, not the archived "release blocker"',
        },
        photoLabelLinks: {
          table: 'issue_label_issue_association',
          where: { issue_id: { ref: 'photo', field: 'id' } },
          cardinality: 'many',
          description: 'labels the issue has before the run',
        },
      },
      checks: [
        {
          kind: 'field',
          name: "due date equals the API issue's due date",
          category: 'value',
          reason: "the date is relative to the API issue's due date in this run's before-state",
          target: 'photo',
          field: 'dueDate',
          expect: { ref: 'api', field: 'dueDate' },
        },
        {
          kind: 'created',
          name: 'tagged release-blocker',
          category: 'identity',
          reason: 'the live release-blocker label is applied to the issue',
          bind: 'tagLink',
          table: 'issue_label_issue_association',
          where: {
            issue_id: { ref: 'photo', field: 'id' },
            issue_label_id: { ref: 'releaseBlocker', field: 'id' },
          },
          cardinality: 'one',
        },
        {
          kind: 'set',
          name: 'labels it already had are kept',
          category: 'preservation',
          reason: '"keeping the labels it already has"',
          table: 'issue_label_issue_association',
          where: { issue_id: { ref: 'photo', field: 'id' } },
          field: 'issue_label_id',
          expect: { refs: 'photoLabelLinks', field: 'issue_label_id' },
          mode: 'superset',
        },
        {
          kind: 'field',
          name: 'labelIds lists release-blocker',
          category: 'identity',
          reason: "the issue's own label list agrees with the label links",
          target: 'photo',
          field: 'labelIds',
          expect: { contains: { ref: 'releaseBlocker', field: 'id' } },
        },
        {
          kind: 'preserved',
          name: 'assignee, status and priority kept',
          category: 'preservation',
          reason: 'only the date and a label were asked for',
          target: 'photo',
          fields: ['assigneeId', 'stateId', 'priority'],
        },
        {
          kind: 'unchanged',
          name: 'no other issue or label link touched',
          category: 'preservation',
          reason: 'the request concerns one issue',
          tables: ['issues', 'issue_label_issue_association', 'issue_relations'],
          except: ['photo', 'tagLink', 'photoLabelLinks'],
          ignoreFields: [],
        },
      ],
      ignoreFields: [],
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description:
          'unrelated activity: the API docs issue got a due date, a progress comment on the API issue',
        patch: background,
      },
      related: {
        description: `the API issue slipped: its due date moved from ${String(api.dueDate)} to ${SLIPPED} before the run`,
        change: 'value',
        patch: related,
      },
    },
    outcomes: {
      source: panel(base, v1),
      background: panel(stateAfter(background), v1),
      related: panel(stateAfter(related), {
        id: 'previous-date',
        value: String(api.dueDate),
        description: `due date set to ${String(api.dueDate)}, the API issue's date before it slipped`,
        category: 'value',
      }),
    },
    witness: {
      decision: 'complete',
      description: `the source run wrote ${String(api.dueDate)}; on related the API issue is due ${SLIPPED}`,
    },
  };
}

// ================================================================ linear_4: duplicate, but keep the current assignee
function linear4(): Task {
  const duplicateState = workflowState('Platform', 'Duplicate');
  const canceledState = workflowState('Platform', 'Canceled');
  const doneState = workflowState('Platform', 'Done');
  const canonical = issue('CSV import drops accented names', 'Platform');
  const archivedCopy = issue('CSV import drops accented names (archive)', 'Platform');
  const holm = user('Greta Lindqvist-Holm');

  const background: Patch = [
    insertComment(
      '8a3f6d1b-5c40-4e92-a7b8-0d2e9f4c1a68',
      canonical,
      user('Marco Diaz'),
      'Switching the reader to UTF-8 with BOM detection; PR coming.',
      CONDITION_AT,
    ),
    updateIssue(
      issue('Bulk import progress bar stalls at 99%', 'Platform'),
      { priority: 2, priorityLabel: 'High' },
      CONDITION_AT,
    ),
  ];
  const related: Patch = [
    updateIssue(
      issue('Bulk import skips rows with accents', 'Platform'),
      { assigneeId: id(holm) },
      CONDITION_AT,
    ),
  ];

  const panel = (state: State, resetTo?: Row): Outcome[] => {
    const dup = issue('Bulk import skips rows with accents', 'Platform', state);
    const owner = String(dup.assigneeId);
    const link = (from: Row, to: Row) =>
      insertRelation('c5e07b92-1f3d-4a6c-8e29-6b4d0a7f3c79', from, to, 'duplicate', RUN_AT[0]);
    // The edit form sends the assignee along with the state, as the issue page does.
    const close = (stateRow: Row, assigneeId: string = owner) =>
      updateIssue(dup, { stateId: id(stateRow), assigneeId }, RUN_AT[1]);
    const outcomes: Outcome[] = [
      valid(
        'complete',
        'complete',
        'duplicate relation to the CSV issue, closed as Duplicate, assignee sent unchanged',
        [link(dup, canonical), close(duplicateState)],
      ),
      valid(
        'closed-canceled',
        'alternative',
        'duplicate relation, closed with the plain Canceled state (also a canceled-type state)',
        [link(dup, canonical), close(canceledState)],
      ),
      fault(
        'reversed',
        'relation',
        'relation the wrong way round: the CSV issue marked as a duplicate of this one',
        [link(canonical, dup), close(duplicateState)],
      ),
      fault('done-instead', 'value', 'duplicate relation right, but closed as Done', [
        link(dup, canonical),
        close(doneState),
      ]),
      fault(
        'owner-assigned',
        'preservation',
        "closed correctly, but reassigned to the CSV issue's assignee",
        [link(dup, canonical), close(duplicateState, String(canonical.assigneeId))],
      ),
      fault(
        'archived-original',
        'identity',
        'marked as a duplicate of the archived copy of the CSV issue',
        [link(dup, archivedCopy), close(duplicateState)],
      ),
    ];
    if (resetTo)
      outcomes.push(
        fault(
          'assignee-reset',
          'preservation',
          `closed correctly, but the assignee was set back to ${String(resetTo.name)}`,
          [link(dup, canonical), close(duplicateState, id(resetTo))],
        ),
      );
    return outcomes;
  };

  return {
    id: 'linear_4',
    family: 'linear-mark-duplicate-keep-assignee',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction:
      '"Bulk import skips rows with accents" in Platform is the same bug as "CSV import drops accented names". Mark it as a duplicate of that issue and close it, but leave it assigned to whoever has it now so they keep getting updates.',
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        platform: { table: 'teams', where: { name: 'Platform' }, cardinality: 'one' },
        dup: {
          table: 'issues',
          where: {
            title: 'Bulk import skips rows with accents',
            teamId: { ref: 'platform', field: 'id' },
          },
          cardinality: 'one',
        },
        original: {
          table: 'issues',
          where: {
            title: 'CSV import drops accented names',
            teamId: { ref: 'platform', field: 'id' },
          },
          cardinality: 'one',
          description: 'exact title: not the archived copy',
        },
        closedStates: {
          table: 'workflow_states',
          where: { teamId: { ref: 'platform', field: 'id' }, type: 'canceled' },
          cardinality: 'some',
          description: 'Duplicate and Canceled',
        },
      },
      checks: [
        {
          kind: 'created',
          name: 'a duplicate relation from this issue',
          category: 'relation',
          reason:
            '"mark it as a duplicate of that issue": the relation runs from the duplicate to the original',
          bind: 'link',
          table: 'issue_relations',
          where: { issueId: { ref: 'dup', field: 'id' }, type: 'duplicate' },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: 'the relation points at the CSV issue',
          category: 'identity',
          reason:
            'the original is the open "CSV import drops accented names", not its archived copy',
          target: 'link',
          field: 'relatedIssueId',
          expect: { ref: 'original', field: 'id' },
        },
        {
          kind: 'field',
          name: 'closed as a canceled-type state',
          category: 'value',
          reason: 'a duplicate is closed as Duplicate or Canceled, not Done',
          target: 'dup',
          field: 'stateId',
          expect: { in: { refs: 'closedStates', field: 'id' } },
        },
        {
          kind: 'preserved',
          name: 'assignee kept',
          category: 'preservation',
          reason:
            '"leave it assigned to whoever has it now": the assignee of this run\'s before-state',
          target: 'dup',
          fields: ['assigneeId'],
        },
        {
          kind: 'preserved',
          name: 'the original stays open with its assignee',
          category: 'relation',
          reason: 'the original is the issue that remains; only the duplicate closes',
          target: 'original',
          fields: ['stateId', 'assigneeId'],
        },
        {
          kind: 'unchanged',
          name: 'nothing else changed',
          category: 'preservation',
          reason: 'the request concerns these two issues only',
          tables: ['issues', 'issue_relations', 'issue_label_issue_association'],
          except: ['dup', 'link'],
          ignoreFields: [],
        },
      ],
      ignoreFields: [],
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description:
          'unrelated activity: a comment on the CSV issue, another Platform issue raised to High',
        patch: background,
      },
      related: {
        description:
          'before the run the duplicate was reassigned from Greta Lindqvist to Greta Lindqvist-Holm',
        change: 'preservation',
        patch: related,
      },
    },
    outcomes: {
      source: panel(base),
      background: panel(stateAfter(background)),
      related: panel(stateAfter(related), user('Greta Lindqvist')),
    },
    witness: {
      decision: 'complete',
      description:
        'the source run sent Greta Lindqvist as assignee; on related that overwrites Greta Lindqvist-Holm',
    },
  };
}

/** The built-in Linear task files. */
export function generate(): GeneratedFile[] {
  return [linear1(), linear2(), linear3(), linear4()].map((task) => taskFile(BUILTIN_PACK, task));
}

await writeWhenMain(import.meta.url, generate);
