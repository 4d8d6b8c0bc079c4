// Family linear-align-due-date (linear_3, linear_6): give an issue the due date of another
// issue and add a label, keeping the labels it has. The related condition moves the other
// issue's due date: the value is copied from this run's before-state.
import {
  type ApiCall,
  linear,
  type Patch,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { alternative, type CallOutcome, complete, fault, threeConditions } from './conditions.js';
import { actor, base, CONDITION_AT, id, issue, label, user } from './context.js';
import {
  issueTitled,
  labelLinkCreated,
  labelLinksOf,
  labelsKept,
  linearReference,
  teamNamed,
} from './reference.js';

const { insertComment, issueLabelCreate, issueUpdate, updateIssue } = linear;

export interface AlignDueDate {
  id: string;
  instruction: string;
  /** The issue to edit and the issue whose date it copies: [title, team name, selector key]. */
  target: { title: string; team: string; key: string; teamKey: string; description?: string };
  source: { title: string; team: string; key: string; teamKey: string };
  /** The earlier version of the source issue (a date a careless lookup copies). */
  earlier: { title: string; description: string };
  label: { live: string; archived: string; key: string; description: string };
  slipped: string;
  background: () => Patch;
  /** Comment id and body (given the new date) posted when the source issue slips. */
  slipComment: { id: string; author: string; body: (date: string) => string };
  text: {
    complete: (date: string) => string;
    sourceWord: string;
    background: string;
  };
}

export function alignDueDate(spec: AlignDueDate): Task {
  const blocker = label(spec.label.live);
  const oldBlocker = label(spec.label.archived);
  const api = issue(spec.source.title, spec.source.team);
  const earlier = issue(spec.earlier.title, spec.source.team);
  const background = spec.background();
  const related: Patch = [
    updateIssue(base, api, { dueDate: spec.slipped }, CONDITION_AT),
    insertComment(
      spec.slipComment.id,
      api,
      user(spec.slipComment.author),
      spec.slipComment.body(spec.slipped),
      CONDITION_AT,
    ),
  ];
  const t = spec.target.key;
  const s = spec.source.key;
  const l = spec.label.key;
  const links = `${t}LabelLinks`;

  const panel = (
    state: State,
    wrongDate: { id: string; value: string; description: string; category: 'identity' | 'value' },
  ): CallOutcome[] => {
    const photo = issue(spec.target.title, spec.target.team, state);
    const target = String(issue(spec.source.title, spec.source.team, state).dueDate);
    const withLabel = (date: string, labelId: string = id(blocker)): ApiCall[] => [
      issueUpdate(photo, { dueDate: date, addedLabelIds: [labelId] }),
    ];
    return [
      complete('complete', spec.text.complete(target), withLabel(target)),
      alternative('two-edits', 'the label in one edit, the due date in a later one', [
        issueUpdate(photo, { addedLabelIds: [id(blocker)] }),
        issueUpdate(photo, { dueDate: target }),
      ]),
      fault(wrongDate.id, wrongDate.category, wrongDate.description, withLabel(wrongDate.value)),
      fault(
        'labels-replaced',
        'preservation',
        `due date right, but the labels were replaced by ${spec.label.live} alone`,
        [issueUpdate(photo, { dueDate: target, labelIds: [id(blocker)] })],
      ),
      fault(
        'archived-label',
        'identity',
        `due date right, but tagged with a new label named like the archived "${spec.label.archived}" (Linear does not apply an archived label, so the near name is created again)`,
        [
          issueLabelCreate({ name: String(oldBlocker.name) }),
          ...withLabel(target, '{{0.data.issueLabelCreate.issueLabel.id}}'),
        ],
      ),
    ];
  };
  const v1 = {
    id: 'v1-date',
    value: String(earlier.dueDate),
    description: spec.earlier.description,
    category: 'value' as const,
  };
  const word = spec.text.sourceWord;

  return {
    id: spec.id,
    family: 'linear-align-due-date',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction: spec.instruction,
    reference: linearReference(
      {
        [spec.target.teamKey]: teamNamed(spec.target.team),
        [spec.source.teamKey]: teamNamed(spec.source.team),
        [t]: issueTitled(spec.target.title, spec.target.teamKey, spec.target.description),
        [s]: issueTitled(spec.source.title, spec.source.teamKey),
        [l]: {
          table: 'issue_labels',
          where: { name: spec.label.live, archivedAt: null },
          cardinality: 'one',
          description: spec.label.description,
        },
        [links]: labelLinksOf(t, 'labels the issue has before the run'),
      },
      [
        {
          kind: 'field',
          name: `due date equals the ${word}'s due date`,
          category: 'value',
          reason: `the date is relative to the ${word}'s due date in this run's before-state`,
          target: t,
          field: 'dueDate',
          expect: { ref: s, field: 'dueDate' },
        },
        labelLinkCreated(
          `tagged ${spec.label.live}`,
          `the live ${spec.label.live} label is applied to the issue`,
          'tagLink',
          t,
          l,
        ),
        labelsKept(
          'labels it already had are kept',
          '"keeping the labels it already has"',
          t,
          links,
        ),
        {
          kind: 'field',
          name: `labelIds lists ${spec.label.live}`,
          category: 'identity',
          reason: "the issue's own label list agrees with the label links",
          target: t,
          field: 'labelIds',
          expect: { contains: { ref: l, field: 'id' } },
        },
        {
          kind: 'preserved',
          name: 'assignee, status and priority kept',
          category: 'preservation',
          reason: 'only the date and a label were asked for',
          target: t,
          fields: ['assigneeId', 'stateId', 'priority'],
        },
        unchangedCheck(
          'no other issue or label link touched',
          'preservation',
          'the request concerns one issue',
          ['issues', 'issue_label_issue_association', 'issue_relations'],
          [t, 'tagLink', links],
        ),
      ],
    ),
    ...threeConditions(
      spec.id,
      { description: spec.text.background, patch: background },
      {
        description: `the ${word} slipped: its due date moved from ${String(api.dueDate)} to ${spec.slipped} before the run`,
        change: 'value',
        patch: related,
      },
      (state, condition) =>
        panel(
          state,
          condition === 'related'
            ? {
                id: 'previous-date',
                value: String(api.dueDate),
                description: `due date set to ${String(api.dueDate)}, the ${word}'s date before it slipped`,
                category: 'value',
              }
            : v1,
        ),
    ),
    witness: {
      decision: 'complete',
      description: `the source run wrote ${String(api.dueDate)}; on related the ${word} is due ${spec.slipped}`,
    },
    traps: ['copied-value', 'archived-or-trashed'],
  };
}

export const linear3 = (): Task =>
  alignDueDate({
    id: 'linear_3',
    instruction:
      'Mobile\'s "Photo annotations on inspection reports" has to ship together with the Data team\'s "Inspection export API v2". Give it the same due date as that API issue and tag it release-blocker, keeping the labels it already has.',
    target: {
      title: 'Photo annotations on inspection reports',
      team: 'Mobile',
      key: 'photo',
      teamKey: 'mobile',
      description: 'the Mobile issue, not the Web one with the same title',
    },
    source: { title: 'Inspection export API v2', team: 'Data', key: 'api', teamKey: 'data' },
    earlier: {
      title: 'Inspection export API v1',
      description: 'due date copied from "Inspection export API v1" instead of v2',
    },
    label: {
      live: 'release-blocker',
      archived: 'release blocker',
      key: 'releaseBlocker',
      description: 'the live label, not the archived "release blocker"',
    },
    slipped: '2026-04-10',
    background: () => [
      updateIssue(
        base,
        issue('Inspection export API v2 docs', 'Data'),
        { dueDate: '2026-03-27' },
        CONDITION_AT,
      ),
      insertComment(
        '47b2e9d0-6a13-4c58-b7f1-8e0d3a5c2b46',
        issue('Inspection export API v2', 'Data'),
        user('Mei Lin Chou'),
        'Photo payloads are in; annotations next.',
        CONDITION_AT,
      ),
    ],
    slipComment: {
      id: '61c8d3f5-2e97-4a0b-9d14-7b5f0e2a8c57',
      author: 'Mei Lin Chou',
      body: (date) => `The annotation payload needs another sprint; moving the date to ${date}.`,
    },
    text: {
      complete: (date) =>
        `due date set to ${date} (the API issue's) and release-blocker added next to the existing labels`,
      sourceWord: 'API issue',
      background:
        'unrelated activity: the API docs issue got a due date, a progress comment on the API issue',
    },
  });

export const linear6 = (): Task =>
  alignDueDate({
    id: 'linear_6',
    instruction:
      'The Growth team\'s "Annual plan upsell banner" can only go live with Web\'s "Billing portal v2". Set its due date to match the billing portal issue and add the launch-critical label without dropping any label it has now.',
    target: {
      title: 'Annual plan upsell banner',
      team: 'Growth',
      key: 'banner',
      teamKey: 'growth',
    },
    source: { title: 'Billing portal v2', team: 'Web', key: 'portal', teamKey: 'web' },
    earlier: {
      title: 'Billing portal v1',
      description: 'due date copied from "Billing portal v1" instead of v2',
    },
    label: {
      live: 'launch-critical',
      archived: 'launch critical',
      key: 'launchCritical',
      description: 'the live label, not the archived "launch critical"',
    },
    slipped: '2026-04-24',
    background: () => [
      updateIssue(base, issue('Billing portal v1', 'Web'), { estimate: 5 }, CONDITION_AT),
      insertComment(
        '2d7f0a94-6e13-4b58-9c21-5a8e3f0d7b46',
        issue('Billing portal v2', 'Web'),
        user('Owen Gallagher'),
        'Tax IDs are done; seat management is next.',
        CONDITION_AT,
      ),
    ],
    slipComment: {
      id: '9e4b7c20-1f83-4d6a-b5e9-0c2a8d7f3e51',
      author: 'Owen Gallagher',
      body: (date) => `Seat management needs a security review; the portal now targets ${date}.`,
    },
    text: {
      complete: (date) =>
        `due date set to ${date} (the billing portal's) and launch-critical added next to the existing labels`,
      sourceWord: 'billing portal issue',
      background:
        'unrelated activity: the v1 portal issue got an estimate, a progress comment on the v2 portal issue',
    },
  });
