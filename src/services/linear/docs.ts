import { limitsSection } from '../limits.js';
import { MAX_DOCUMENT_TOKENS } from './document-cache.js';
import { MAX_QUERY_COMPLEXITY, MAX_QUERY_DEPTH } from './query-cost.js';

/**
 * The Linear API documentation given to agents and verifier authors (becomes `task.docs`).
 * It describes what the replica serves, in the words a reader of Linear's docs expects.
 */
export const LinearDocs = `# Linear API (GraphQL)

All access goes through one GraphQL endpoint: \`POST graphql\` with a JSON body
\`{"query": "...", "variables": {...}, "operationName": "..."}\`. \`GET graphql?query=...\`
also runs queries. Every other path answers \`404\`. Responses are \`{"data": ..., "errors": [...]}\`.

Your API key is **read-only** and acts as one workspace member (\`viewer\`): you see what that
member sees. Every mutation (\`issueCreate\`, \`issueUpdate\`, \`commentCreate\`, ...) is refused
with an error whose \`extensions.code\` is \`FORBIDDEN\` and changes nothing.

## Cost
Each root field of an operation counts as one API operation (\`{ a: issue(id:"X") { id } b: issue(id:"Y") { id } }\`
costs 2). Ask for what you need in as few root fields as you can.

## Queries (root fields)
| field | arguments | returns |
| --- | --- | --- |
| \`viewer\` | | \`User!\` the member the key acts as |
| \`organization\` | | \`Organization!\` (id, name, urlKey, userCount, users, teams, labels — every label you can see, projects) |
| \`users\` | filter: UserFilter, includeDisabled, paging | \`UserConnection!\` (disabled users only with \`includeDisabled: true\`) |
| \`user(id)\` | id: UUID | \`User!\` |
| \`teams\` | filter: TeamFilter, paging | \`TeamConnection!\` (private teams only when the viewer is a member) |
| \`team(id)\` | id: UUID or team key (\`ENG\`) | \`Team!\` |
| \`teamMemberships\` / \`teamMembership(id)\` | paging | \`TeamMembership\` (user, team, owner) |
| \`workflowStates\` / \`workflowState(id)\` | filter: WorkflowStateFilter, paging | \`WorkflowState\` (name, type, position, team) |
| \`issueLabels\` / \`issueLabel(id)\` | filter: IssueLabelFilter, paging | \`IssueLabel\` (name, team — null for workspace labels, parent) |
| \`issues\` | filter: IssueFilter, paging | \`IssueConnection!\` |
| \`issue(id)\` | id: UUID, identifier (\`ENG-12\`) or a former identifier | \`Issue!\` |
| \`searchIssues(term)\` | term, filter, includeComments, paging | issues whose identifier, title or description (or comments) contain the term, case-insensitive |
| \`issueSearch(query)\` | query, filter, paging | Linear's older search: issues whose identifier, title or description contain the query (every issue without one) |
| \`projects\` / \`project(id)\` | paging | \`Project\` (name, description, state, lead, teams, issues); projects of teams you can see |
| \`comments\` / \`comment(id)\` | filter: CommentFilter, paging | \`Comment\` (body, user, issue) |
| \`issueRelations\` / \`issueRelation(id)\` | paging | \`IssueRelation\` (type, issue, relatedIssue) |

A single-object lookup of an id that does not exist, or that the viewer cannot see, fails with
\`Entity not found: <Type>\` (\`extensions.code\` \`ENTITY_NOT_FOUND\`) and \`data: null\`.

## Objects
- **Issue**: id, identifier, number, title, description, priority (0 none, 1 urgent, 2 high,
  3 medium, 4 low), priorityLabel, estimate, dueDate (YYYY-MM-DD), url, branchName, labelIds,
  previousIdentifiers, createdAt, updatedAt, startedAt, completedAt, canceledAt, archivedAt,
  team, state, assignee (null when unassigned), creator, parent, children, labels, comments,
  relations (this issue is the source), inverseRelations (this issue is the target), project,
  subscribers, sortOrder, prioritySortOrder, customerTicketCount, reactionData, and the
  triage/SLA/snooze times (\`triagedAt\`, \`slaBreachesAt\`, …; null until set).
- **IssueRelation**: id, type (\`blocks\`, \`related\`, \`duplicate\`, \`similar\`), issue, relatedIssue,
  createdAt, updatedAt. "A blocks B" is a relation with issue = A, relatedIssue = B; it appears in
  A's \`relations\` and in B's \`inverseRelations\`. "A is a duplicate of B": issue = A, relatedIssue = B.
- **WorkflowState**: id, name, type (\`triage\`, \`backlog\`, \`unstarted\`, \`started\`, \`completed\`,
  \`canceled\`), color, position, team, issues. Each team has its own states; two teams' "Done"
  are different states.
- **User**: id, name, displayName, email, active, admin, guest, app, isMe, initials, timezone, url,
  avatarUrl, avatarBackgroundColor, description, statusEmoji, statusLabel, isAssignable,
  isMentionable, createdIssueCount, organization, createdAt, updatedAt, assignedIssues, createdIssues, teams, teamMemberships. Names are not
  unique; emails are.
- **Team**: id, name, key, displayName, description, color, icon, private, timezone, issueCount,
  cyclesEnabled, cycleDuration, triageEnabled, issueEstimationType, autoArchivePeriod, … (Linear's
  defaults where the workspace never set them), createdAt, updatedAt, issues, states, labels,
  members, memberships, projects.
- **IssueLabel**: id, name, description, color, isGroup, lastAppliedAt, retiredAt, team, parent,
  inheritedFrom, creator, organization, children, issues.
- **Comment**: id, body (markdown), bodyData (the same as a rich-text document, JSON), url,
  reactionData, createdAt, updatedAt, editedAt, resolvedAt, user, issue, parent, children.
- Timestamps are ISO-8601 UTC strings (\`2026-03-02T09:30:00.000Z\`).

## Pagination
Every list is a connection: \`nodes\`, \`edges { node cursor }\`, \`pageInfo { hasNextPage
hasPreviousPage startCursor endCursor }\`. Arguments: \`first\` (default 50) + \`after\`, or
\`last\` + \`before\` (never \`first\` and \`last\` together: refused); \`orderBy\`: \`createdAt\` (default) or \`updatedAt\`, newest first;
\`includeArchived\` (default false: archived and trashed records are left out). Nested lists
(\`team.issues\`, \`issue.comments\`, ...) page the same way. Keep requesting with
\`after: pageInfo.endCursor\` while \`hasNextPage\` is true.

## Filters
A filter is an object of field conditions, all of which must hold; \`and: [...]\` and
\`or: [...]\` combine filters. Comparators:
- strings: \`eq\`, \`neq\`, \`in\`, \`nin\`, \`eqIgnoreCase\`, \`neqIgnoreCase\`, \`contains\`,
  \`containsIgnoreCase\`, \`notContains\`, \`notContainsIgnoreCase\`, \`startsWith\`, \`notStartsWith\`,
  \`endsWith\`, \`notEndsWith\` (nullable fields also \`null: true|false\`);
- numbers: \`eq\`, \`neq\`, \`in\`, \`nin\`, \`lt\`, \`lte\`, \`gt\`, \`gte\` (nullable: \`null\`);
- dates: the same on ISO timestamps (\`dueDate\` on YYYY-MM-DD);
- ids: \`eq\`, \`neq\`, \`in\`, \`nin\`; booleans: \`eq\`, \`neq\`.

**IssueFilter** fields: id, title, searchableContent (\`contains\` / \`notContains\`,
case-insensitive, over identifier, title and description), description, number, priority, estimate, createdAt,
updatedAt, startedAt, completedAt, canceledAt, archivedAt, dueDate, assignee and creator
(UserFilter plus \`null: true\` for none), state (WorkflowStateFilter: id, name, type, position,
team), team (TeamFilter: id, name, key, description, private), labels (collection: \`some\`,
\`every\`, \`length\`, or id/name meaning "some label matches"), parent (IssueFilter plus \`null\`),
children (collection of issues). There is no \`identifier\` filter (as in Linear): match an
identifier with \`team: { key: { eq: "ENG" } }, number: { eq: 12 }\`, or read it with \`issue(id: "ENG-12")\`.
Example:
\`issues(filter: { team: { key: { eq: "ENG" } }, state: { type: { in: ["started", "unstarted"] } }, assignee: { null: true } })\`.
**UserFilter**: id, name, displayName, email, active, admin, isMe. **CommentFilter**: id, body,
user, issue, createdAt, updatedAt. **IssueLabelFilter**: id, name, team, parent, isGroup.

## Errors
- Malformed or invalid queries: HTTP 400, \`errors[].extensions.code\` \`GRAPHQL_PARSE_FAILED\` or
  \`GRAPHQL_VALIDATION_FAILED\` with graphql-js messages (e.g. \`Cannot query field "foo" on type "Issue".\`).
- Bad variables: HTTP 400, \`BAD_USER_INPUT\`.
- Mutations: HTTP 200, \`data: null\`, \`errors[0].extensions.code\` \`FORBIDDEN\`.
- Missing or invisible records: HTTP 200, \`ENTITY_NOT_FOUND\`.
- Unknown credentials: HTTP 401, \`AUTHENTICATION_ERROR\`.

${limitsSection({
  responseTooLarge: 'RESPONSE_TOO_LARGE',
  own: [
    `**Query complexity** (as Linear bounds it): at most ${MAX_QUERY_COMPLEXITY} points per query, counted before it runs. A scalar field costs 0.1 point, an object 1, and a connection multiplies what it selects by its page size (\`first\` or \`last\`, 50 when neither is given). A costlier query is refused with HTTP 400 and \`extensions.code\` \`QUERY_TOO_COMPLEX\`: ask for a smaller \`first\` or fewer nested connections. Example: \`issues(first: 250) { nodes { comments(first: 50) { nodes { body } } } }\` costs 250 × (1 + 50 × 1.1) = 14000 points and is refused; with \`first: 100\` it costs 5600.`,
    `**Query depth**: fields nest at most ${MAX_QUERY_DEPTH} levels; a deeper query is refused with HTTP 400, \`QUERY_TOO_DEEP\`.`,
    `**Query size**: a query document holds at most ${MAX_DOCUMENT_TOKENS} tokens (names, punctuation, values); a longer one is refused with HTTP 400 before it is parsed.`,
  ],
})}`;
