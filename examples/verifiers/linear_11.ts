// linear_11: put two Mobile issues into the "Field kit rollout" project and assign both to its
// lead. The project is whichever live project has that name in this run's before-state, and
// the lead is that project's lead there (projects get renamed, leads change).
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
  CHANGED_SINCE,
  gql,
  horizonOf,
  LATEST_UPDATE,
  type LinearNode,
  nodesOf,
  noOtherIssueEdited,
} from './lib/linear.js';

const TITLES = ['Rugged case compatibility check', 'Bluetooth thermometer pairing'];
const PROJECT = 'Field kit rollout';
const FIELDS = 'id identifier title priority labelIds state { id } assignee { id } project { id }';

export interface Seen {
  issues: LinearNode[];
  projects: LinearNode[];
  horizon: string;
}

/** The project to file into and the person to assign, by id. */
export interface Target {
  projectId: string;
  leadId: string;
}

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `query ($titles: [String!]!) {
      issues(filter: { title: { in: $titles }, team: { name: { eq: "Mobile" } } }) { nodes { ${FIELDS} } }
      projects(first: 100) { nodes { id name lead { id name } } }
      ${LATEST_UPDATE}
    }`,
    { titles: TITLES },
  );
  const issues = nodesOf(initial.issues);
  // Linear's projects query has no name filter here: the page holds every live project.
  const projects = nodesOf(initial.projects).filter((project) => project.name === PROJECT);
  if (issues.length !== 2 || projects.length !== 1 || !projects[0]?.lead)
    throw new AmbiguousNameError(
      `expected the two Mobile issues and one project "${PROJECT}" with a lead; found ${issues.length} and ${projects.length}`,
    );
  return { issues, projects, horizon: horizonOf(initial) };
}

function required({ projects }: Seen): Target {
  return { projectId: String(projects[0]!.id), leadId: String(projects[0]!.lead.id) };
}

async function judge(
  { issues, horizon }: Seen,
  target: Target,
  { after }: Run,
): Promise<VerifierResult> {
  const final = await gql(
    after,
    `query ($ids: [ID!]!, $since: DateTime!) {
      issues(first: 10, filter: { id: { in: $ids } }) { nodes { ${FIELDS} } }
      ${CHANGED_SINCE}
    }`,
    { ids: issues.map((issue) => issue.id), since: horizon },
  );
  const now = new Map(nodesOf(final.issues).map((issue) => [String(issue.id), issue] as const));
  const outside = issues
    .filter((issue) => now.get(String(issue.id))?.project?.id !== target.projectId)
    .map((issue) => String(issue.identifier));
  const unassigned = issues
    .filter((issue) => now.get(String(issue.id))?.assignee?.id !== target.leadId)
    .map((issue) => String(issue.identifier));
  const edited = issues
    .filter((issue) => {
      const is = now.get(String(issue.id));
      return (
        !is ||
        is.state?.id !== issue.state?.id ||
        is.priority !== issue.priority ||
        is.title !== issue.title ||
        JSON.stringify(is.labelIds) !== JSON.stringify(issue.labelIds)
      );
    })
    .map((issue) => String(issue.identifier));
  return verdictOf(
    [
      {
        name: `both issues are in ${PROJECT}`,
        ok: outside.length === 0,
        detail: `not in the project: ${listed(outside)}`,
      },
      {
        name: "both assigned to the project's lead",
        ok: unassigned.length === 0,
        detail: `not with the lead: ${listed(unassigned)}`,
      },
      {
        name: 'status, priority, title and labels unchanged',
        ok: edited.length === 0,
        detail: `changed: ${listed(edited)}`,
      },
      noOtherIssueEdited(
        final.changed,
        issues.map((issue) => issue.id),
      ),
    ],
    `Resolved the two issues and the project "${PROJECT}" (and its lead) in the before-state and compared the issues after the run.`,
  );
}

export const plan: VerifierPlan<Seen, Target> = { read, required, judge };
export const verify = verifierOf(plan);
