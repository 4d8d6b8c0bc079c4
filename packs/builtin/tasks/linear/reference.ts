// The pieces of a declarative reference that recur across the built-in Linear tasks: a team
// and an issue found by name, their label links, and the reference itself (docs/pack-format.md,
// References).
import {
  type Check,
  type DeclarativeReference,
  declarativeReference,
  type Selector,
} from 'agentproofbench/authoring';

/** The one team called `name`. */
export const teamNamed = (name: string): Selector => ({
  table: 'teams',
  where: { name },
  cardinality: 'one',
});

/** The one issue titled `title` in the team selected as `teamKey`. */
export const issueTitled = (title: string, teamKey: string, description?: string): Selector => ({
  table: 'issues',
  where: { title, teamId: { ref: teamKey, field: 'id' } },
  cardinality: 'one',
  ...(description === undefined ? {} : { description }),
});

/** A version-1 declarative reference; Linear tasks ignore no columns. */
export const linearReference = (
  selectors: Record<string, Selector>,
  checks: Check[],
): DeclarativeReference => declarativeReference(selectors, checks);

/** The label links `issueKey` has before the run: what "keep its labels" compares with. */
export const labelLinksOf = (issueKey: string, description?: string): Selector => ({
  table: 'issue_label_issue_association',
  where: { issue_id: { ref: issueKey, field: 'id' } },
  cardinality: 'many',
  ...(description === undefined ? {} : { description }),
});

/** The run links the label selected as `labelKey` to `issueKey`: one new link, bound as `bind`. */
export const labelLinkCreated = (
  name: string,
  reason: string,
  bind: string,
  issueKey: string,
  labelKey: string,
): Check => ({
  kind: 'created',
  name,
  category: 'identity',
  reason,
  bind,
  table: 'issue_label_issue_association',
  where: {
    issue_id: { ref: issueKey, field: 'id' },
    issue_label_id: { ref: labelKey, field: 'id' },
  },
  cardinality: 'one',
});

/** After the run `issueKey` still has every label link of `linksKey` (a labelLinksOf selector). */
export const labelsKept = (
  name: string,
  reason: string,
  issueKey: string,
  linksKey: string,
): Check => ({
  kind: 'set',
  name,
  category: 'preservation',
  reason,
  table: 'issue_label_issue_association',
  where: { issue_id: { ref: issueKey, field: 'id' } },
  field: 'issue_label_id',
  expect: { refs: linksKey, field: 'issue_label_id' },
  mode: 'superset',
});
