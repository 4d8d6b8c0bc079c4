// linear_3: give Mobile's "Photo annotations on inspection reports" the due date of the Data
// team's "Inspection export API v2" and add the release-blocker label, keeping its labels.
// The date is the API issue's due date in this run's before-state, not a remembered one.
// `alignPlan` serves the family's other task (linear_6) with its own names.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
  listed,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';
import {
  gql,
  horizonOf,
  issueAfterRun,
  LATEST_UPDATE,
  type LinearNode,
  nodesOf,
  noOtherIssueEdited,
} from './lib/linear.js';

const FIELDS =
  'id identifier dueDate priority assignee { id } state { id } labels(first: 100) { nodes { id name } }';

/** What the instruction names: the issue to edit, the issue whose date it copies, the label. */
export interface Names {
  target: { title: string; team: string };
  source: { title: string; team: string };
  label: string;
}

export interface Seen {
  photo: LinearNode;
  api: LinearNode;
  blocker: LinearNode;
  horizon: string;
}

export function alignPlan(names: Names): VerifierPlan<Seen, string> {
  async function read({ before }: Run): Promise<Seen> {
    const initial = await gql(
      before,
      `query ($title: String!, $team: String!, $sourceTitle: String!, $sourceTeam: String!, $label: String!) {
      photo: issues(filter: { title: { eq: $title }, team: { name: { eq: $team } } }) { nodes { ${FIELDS} } }
      api: issues(filter: { title: { eq: $sourceTitle }, team: { name: { eq: $sourceTeam } } }) { nodes { id identifier dueDate } }
      issueLabels(filter: { name: { eq: $label } }) { nodes { id name } }
      ${LATEST_UPDATE}
    }`,
      {
        title: names.target.title,
        team: names.target.team,
        sourceTitle: names.source.title,
        sourceTeam: names.source.team,
        label: names.label,
      },
    );
    const photos = nodesOf(initial.photo);
    const apis = nodesOf(initial.api);
    const blockerLabels = nodesOf(initial.issueLabels); // archived labels are not listed: the live one only
    if (photos.length !== 1 || apis.length !== 1 || blockerLabels.length !== 1) {
      throw new AmbiguousNameError(
        `expected one ${names.target.team} "${names.target.title}", one ${names.source.team} "${names.source.title}" and one ${names.label} label; found ${photos.length}, ${apis.length}, ${blockerLabels.length}`,
      );
    }
    return {
      photo: photos[0]!,
      api: apis[0]!,
      blocker: blockerLabels[0]!,
      horizon: horizonOf(initial),
    };
  }

  /** The date to copy: the API issue's due date in this run's before-state. */
  function required({ api }: Seen): string {
    if (typeof api.dueDate !== 'string')
      throw new AmbiguousNameError(`${String(api.identifier)} has no due date to copy`);
    return api.dueDate;
  }

  async function judge(
    { photo, api, blocker, horizon }: Seen,
    dueDate: string,
    { after }: Run,
  ): Promise<VerifierResult> {
    const final = await issueAfterRun(after, photo.id, FIELDS, horizon);
    const now = final.issue;
    const labelsBefore = nodesOf(photo.labels).map((label) => String(label.id));
    const labelsAfter = new Set(nodesOf(now.labels).map((label) => String(label.id)));
    const lost = nodesOf(photo.labels)
      .filter((label) => !labelsAfter.has(String(label.id)))
      .map((label) => String(label.name));
    return verdictOf(
      [
        {
          name: `due date equals ${names.source.title}'s`,
          ok: now.dueDate === dueDate,
          detail: `${String(api.identifier)} is due ${dueDate}; ${String(photo.identifier)} due ${String(photo.dueDate)} -> ${String(now.dueDate)}`,
        },
        {
          name: `tagged ${names.label}`,
          ok: labelsAfter.has(String(blocker.id)),
          detail: `labels now ${listed(nodesOf(now.labels).map((label) => String(label.name)))}`,
        },
        {
          name: 'earlier labels kept',
          ok: lost.length === 0,
          detail: `had ${labelsBefore.length}; lost ${listed(lost)}`,
        },
        {
          name: 'assignee, status and priority unchanged',
          ok:
            now.assignee?.id === photo.assignee?.id &&
            now.state?.id === photo.state?.id &&
            now.priority === photo.priority,
          detail: `priority ${String(photo.priority)} -> ${String(now.priority)}`,
        },
        noOtherIssueEdited(final.changed, [photo.id]),
      ],
      `Read ${String(api.identifier)}'s due date (${dueDate}) and ${String(photo.identifier)}'s labels in the before-state and compared ${String(photo.identifier)} after the run.`,
    );
  }

  return { read, required, judge };
}

export const plan = alignPlan({
  target: { title: 'Photo annotations on inspection reports', team: 'Mobile' },
  source: { title: 'Inspection export API v2', team: 'Data' },
  label: 'release-blocker',
});
export const verify = verifierOf(plan);
