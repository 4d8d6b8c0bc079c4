/**
 * The replica's GraphQL schema, modelled on Linear's public API (a subset: the objects
 * the storage layout holds). Names, argument lists and filter shapes follow Linear's.
 */
export const LINEAR_SDL = /* GraphQL */ `
scalar DateTime
scalar TimelessDate
scalar JSONObject

enum PaginationOrderBy { createdAt updatedAt }

type PageInfo {
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
  endCursor: String
}

input IDComparator { eq: ID neq: ID in: [ID!] nin: [ID!] }
input StringComparator {
  eq: String neq: String in: [String!] nin: [String!]
  eqIgnoreCase: String neqIgnoreCase: String
  contains: String containsIgnoreCase: String notContains: String notContainsIgnoreCase: String
  startsWith: String notStartsWith: String endsWith: String notEndsWith: String
}
input NullableStringComparator {
  eq: String neq: String in: [String!] nin: [String!]
  eqIgnoreCase: String neqIgnoreCase: String
  contains: String containsIgnoreCase: String notContains: String notContainsIgnoreCase: String
  startsWith: String notStartsWith: String endsWith: String notEndsWith: String
  null: Boolean
}
input NumberComparator { eq: Float neq: Float in: [Float!] nin: [Float!] lt: Float lte: Float gt: Float gte: Float }
input NullableNumberComparator { eq: Float neq: Float in: [Float!] nin: [Float!] lt: Float lte: Float gt: Float gte: Float null: Boolean }
input DateComparator { eq: DateTime neq: DateTime in: [DateTime!] nin: [DateTime!] lt: DateTime lte: DateTime gt: DateTime gte: DateTime }
input NullableDateComparator { eq: DateTime neq: DateTime in: [DateTime!] nin: [DateTime!] lt: DateTime lte: DateTime gt: DateTime gte: DateTime null: Boolean }
input TimelessDateComparator { eq: TimelessDate neq: TimelessDate in: [TimelessDate!] nin: [TimelessDate!] lt: TimelessDate lte: TimelessDate gt: TimelessDate gte: TimelessDate null: Boolean }
input BooleanComparator { eq: Boolean neq: Boolean }

input UserFilter {
  id: IDComparator name: StringComparator displayName: StringComparator email: StringComparator
  active: BooleanComparator admin: BooleanComparator isMe: BooleanComparator
  createdAt: DateComparator updatedAt: DateComparator
  and: [UserFilter!] or: [UserFilter!]
}
input NullableUserFilter {
  id: IDComparator name: StringComparator displayName: StringComparator email: StringComparator
  active: BooleanComparator admin: BooleanComparator isMe: BooleanComparator
  createdAt: DateComparator updatedAt: DateComparator
  null: Boolean
  and: [NullableUserFilter!] or: [NullableUserFilter!]
}
input TeamFilter {
  id: IDComparator name: StringComparator key: StringComparator description: NullableStringComparator
  private: BooleanComparator createdAt: DateComparator updatedAt: DateComparator
  and: [TeamFilter!] or: [TeamFilter!]
}
input WorkflowStateFilter {
  id: IDComparator name: StringComparator type: StringComparator position: NumberComparator
  team: TeamFilter createdAt: DateComparator updatedAt: DateComparator
  and: [WorkflowStateFilter!] or: [WorkflowStateFilter!]
}
input IssueLabelFilter {
  id: IDComparator name: StringComparator team: NullableTeamFilter parent: NullableIssueLabelFilter
  isGroup: BooleanComparator createdAt: DateComparator updatedAt: DateComparator
  and: [IssueLabelFilter!] or: [IssueLabelFilter!]
}
input NullableTeamFilter {
  id: IDComparator name: StringComparator key: StringComparator description: NullableStringComparator
  private: BooleanComparator null: Boolean
  and: [NullableTeamFilter!] or: [NullableTeamFilter!]
}
input NullableIssueLabelFilter {
  id: IDComparator name: StringComparator null: Boolean
  and: [NullableIssueLabelFilter!] or: [NullableIssueLabelFilter!]
}
input IssueLabelCollectionFilter {
  id: IDComparator name: StringComparator
  some: IssueLabelFilter every: IssueLabelFilter length: NumberComparator
  and: [IssueLabelCollectionFilter!] or: [IssueLabelCollectionFilter!]
}
input ContentComparator { contains: String notContains: String }
input IssueFilter {
  id: IDComparator title: StringComparator searchableContent: ContentComparator description: NullableStringComparator
  number: NumberComparator priority: NullableNumberComparator estimate: NullableNumberComparator
  assignee: NullableUserFilter creator: NullableUserFilter
  state: WorkflowStateFilter team: TeamFilter labels: IssueLabelCollectionFilter
  parent: NullableIssueFilter children: IssueCollectionFilter
  createdAt: DateComparator updatedAt: DateComparator completedAt: NullableDateComparator
  canceledAt: NullableDateComparator startedAt: NullableDateComparator archivedAt: NullableDateComparator
  dueDate: TimelessDateComparator
  and: [IssueFilter!] or: [IssueFilter!]
}
input NullableIssueFilter {
  id: IDComparator title: StringComparator searchableContent: ContentComparator description: NullableStringComparator
  number: NumberComparator priority: NullableNumberComparator
  assignee: NullableUserFilter creator: NullableUserFilter
  state: WorkflowStateFilter team: TeamFilter labels: IssueLabelCollectionFilter
  createdAt: DateComparator updatedAt: DateComparator
  null: Boolean
  and: [NullableIssueFilter!] or: [NullableIssueFilter!]
}
input IssueCollectionFilter {
  id: IDComparator title: StringComparator
  number: NumberComparator priority: NullableNumberComparator
  assignee: NullableUserFilter state: WorkflowStateFilter team: TeamFilter
  some: IssueFilter every: IssueFilter length: NumberComparator
  and: [IssueCollectionFilter!] or: [IssueCollectionFilter!]
}
input CommentFilter {
  id: IDComparator body: StringComparator user: UserFilter issue: NullableIssueFilter
  createdAt: DateComparator updatedAt: DateComparator
  and: [CommentFilter!] or: [CommentFilter!]
}

type Organization {
  id: ID!
  name: String!
  urlKey: String!
  userCount: Int!
  createdIssueCount: Int!
  createdAt: DateTime!
  updatedAt: DateTime!
  users(filter: UserFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, includeDisabled: Boolean, orderBy: PaginationOrderBy): UserConnection!
  teams(filter: TeamFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): TeamConnection!
  labels(filter: IssueLabelFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueLabelConnection!
  projects(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): ProjectConnection!
  logoUrl: String
  gitBranchFormat: String
  roadmapEnabled: Boolean!
  samlEnabled: Boolean!
  scimEnabled: Boolean!
  allowedAuthServices: [String!]!
  previousUrlKeys: [String!]!
  periodUploadVolume: Float!
  archivedAt: DateTime
}

type Project {
  id: ID!
  name: String!
  description: String!
  slugId: String!
  icon: String
  color: String!
  state: String!
  priority: Int!
  progress: Float!
  url: String!
  startDate: TimelessDate
  targetDate: TimelessDate
  startedAt: DateTime
  completedAt: DateTime
  canceledAt: DateTime
  createdAt: DateTime!
  updatedAt: DateTime!
  archivedAt: DateTime
  creator: User
  lead: User
  teams(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): TeamConnection!
  issues(filter: IssueFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
}

type User {
  id: ID!
  name: String!
  displayName: String!
  email: String!
  active: Boolean!
  admin: Boolean!
  guest: Boolean!
  isMe: Boolean!
  initials: String
  timezone: String
  url: String
  lastSeen: DateTime
  app: Boolean!
  avatarUrl: String
  avatarBackgroundColor: String!
  description: String
  disableReason: String
  statusEmoji: String
  statusLabel: String
  statusUntilAt: DateTime
  isAssignable: Boolean!
  isMentionable: Boolean!
  canAccessAnyPublicTeam: Boolean!
  createdIssueCount: Int!
  inviteHash: String!
  organization: Organization!
  createdAt: DateTime!
  updatedAt: DateTime!
  archivedAt: DateTime
  assignedIssues(filter: IssueFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
  createdIssues(filter: IssueFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
  teams(filter: TeamFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): TeamConnection!
  teamMemberships(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): TeamMembershipConnection!
}

type Team {
  id: ID!
  name: String!
  key: String!
  displayName: String
  description: String
  color: String
  private: Boolean!
  timezone: String
  icon: String
  issueCount: Int!
  cyclesEnabled: Boolean!
  cycleDuration: Float!
  cycleStartDay: Float!
  cycleCooldownTime: Float!
  upcomingCycleCount: Float!
  triageEnabled: Boolean!
  inviteHash: String!
  autoArchivePeriod: Float!
  defaultIssueEstimate: Float!
  issueEstimationType: String!
  issueEstimationAllowZero: Boolean!
  issueEstimationExtended: Boolean!
  issueOrderingNoPriorityFirst: Boolean!
  groupIssueHistory: Boolean!
  setIssueSortOrderOnStateChange: String!
  requirePriorityToLeaveTriage: Boolean!
  scimManaged: Boolean!
  createdAt: DateTime!
  updatedAt: DateTime!
  archivedAt: DateTime
  organization: Organization!
  projects(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): ProjectConnection!
  issues(filter: IssueFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
  states(filter: WorkflowStateFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): WorkflowStateConnection!
  labels(filter: IssueLabelFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueLabelConnection!
  members(filter: UserFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, includeDisabled: Boolean, orderBy: PaginationOrderBy): UserConnection!
  memberships(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): TeamMembershipConnection!
}

type TeamMembership {
  id: ID!
  owner: Boolean!
  sortOrder: Float!
  createdAt: DateTime!
  updatedAt: DateTime!
  archivedAt: DateTime
  user: User!
  team: Team!
}

type WorkflowState {
  id: ID!
  name: String!
  type: String!
  color: String!
  position: Float!
  description: String
  createdAt: DateTime!
  updatedAt: DateTime!
  archivedAt: DateTime
  team: Team!
  issues(filter: IssueFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
}

type IssueLabel {
  id: ID!
  name: String!
  description: String
  color: String!
  isGroup: Boolean!
  lastAppliedAt: DateTime
  retiredAt: DateTime
  createdAt: DateTime!
  updatedAt: DateTime!
  archivedAt: DateTime
  team: Team
  parent: IssueLabel
  inheritedFrom: IssueLabel
  creator: User
  organization: Organization!
  children(filter: IssueLabelFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueLabelConnection!
  issues(filter: IssueFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
}

type Issue {
  id: ID!
  identifier: String!
  number: Float!
  title: String!
  description: String
  priority: Float!
  priorityLabel: String!
  estimate: Float
  dueDate: TimelessDate
  url: String!
  branchName: String!
  trashed: Boolean
  labelIds: [String!]!
  previousIdentifiers: [String!]!
  sortOrder: Float!
  prioritySortOrder: Float!
  boardOrder: Float!
  subIssueSortOrder: Float
  customerTicketCount: Int!
  reactionData: JSONObject!
  integrationSourceType: String
  createdAt: DateTime!
  updatedAt: DateTime!
  startedAt: DateTime
  completedAt: DateTime
  canceledAt: DateTime
  archivedAt: DateTime
  autoArchivedAt: DateTime
  autoClosedAt: DateTime
  startedTriageAt: DateTime
  triagedAt: DateTime
  snoozedUntilAt: DateTime
  addedToTeamAt: DateTime
  addedToProjectAt: DateTime
  addedToCycleAt: DateTime
  slaStartedAt: DateTime
  slaBreachesAt: DateTime
  slaHighRiskAt: DateTime
  slaMediumRiskAt: DateTime
  slaType: String
  project: Project
  subscribers(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): UserConnection!
  team: Team!
  state: WorkflowState!
  assignee: User
  creator: User
  parent: Issue
  children(filter: IssueFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
  labels(filter: IssueLabelFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueLabelConnection!
  comments(filter: CommentFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): CommentConnection!
  relations(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueRelationConnection!
  inverseRelations(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueRelationConnection!
}

type Comment {
  id: ID!
  body: String!
  bodyData: String!
  url: String
  reactionData: JSONObject!
  resolvedAt: DateTime
  createdAt: DateTime!
  updatedAt: DateTime!
  editedAt: DateTime
  archivedAt: DateTime
  user: User
  issue: Issue
  parent: Comment
  children(filter: CommentFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): CommentConnection!
}

type IssueRelation {
  id: ID!
  type: String!
  createdAt: DateTime!
  updatedAt: DateTime!
  archivedAt: DateTime
  issue: Issue!
  relatedIssue: Issue!
}

type UserEdge { node: User! cursor: String! }
type UserConnection { nodes: [User!]! edges: [UserEdge!]! pageInfo: PageInfo! }
type TeamEdge { node: Team! cursor: String! }
type TeamConnection { nodes: [Team!]! edges: [TeamEdge!]! pageInfo: PageInfo! }
type TeamMembershipEdge { node: TeamMembership! cursor: String! }
type TeamMembershipConnection { nodes: [TeamMembership!]! edges: [TeamMembershipEdge!]! pageInfo: PageInfo! }
type WorkflowStateEdge { node: WorkflowState! cursor: String! }
type WorkflowStateConnection { nodes: [WorkflowState!]! edges: [WorkflowStateEdge!]! pageInfo: PageInfo! }
type IssueLabelEdge { node: IssueLabel! cursor: String! }
type IssueLabelConnection { nodes: [IssueLabel!]! edges: [IssueLabelEdge!]! pageInfo: PageInfo! }
type IssueEdge { node: Issue! cursor: String! }
type IssueConnection { nodes: [Issue!]! edges: [IssueEdge!]! pageInfo: PageInfo! }
type CommentEdge { node: Comment! cursor: String! }
type CommentConnection { nodes: [Comment!]! edges: [CommentEdge!]! pageInfo: PageInfo! }
type ProjectEdge { node: Project! cursor: String! }
type ProjectConnection { nodes: [Project!]! edges: [ProjectEdge!]! pageInfo: PageInfo! }
type IssueRelationEdge { node: IssueRelation! cursor: String! }
type IssueRelationConnection { nodes: [IssueRelation!]! edges: [IssueRelationEdge!]! pageInfo: PageInfo! }

type Query {
  viewer: User!
  organization: Organization!
  users(filter: UserFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, includeDisabled: Boolean, orderBy: PaginationOrderBy): UserConnection!
  user(id: String!): User!
  teams(filter: TeamFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): TeamConnection!
  team(id: String!): Team!
  teamMemberships(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): TeamMembershipConnection!
  teamMembership(id: String!): TeamMembership!
  workflowStates(filter: WorkflowStateFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): WorkflowStateConnection!
  workflowState(id: String!): WorkflowState!
  issueLabels(filter: IssueLabelFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueLabelConnection!
  issueLabel(id: String!): IssueLabel!
  issues(filter: IssueFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
  issue(id: String!): Issue!
  issueSearch(query: String, filter: IssueFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
  projects(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): ProjectConnection!
  project(id: String!): Project!
  searchIssues(term: String!, filter: IssueFilter, includeComments: Boolean, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueConnection!
  comments(filter: CommentFilter, first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): CommentConnection!
  comment(id: String!): Comment!
  issueRelations(first: Int, after: String, last: Int, before: String, includeArchived: Boolean, orderBy: PaginationOrderBy): IssueRelationConnection!
  issueRelation(id: String!): IssueRelation!
}

enum IssueRelationType { blocks duplicate related similar }

input IssueCreateInput {
  id: String title: String! description: String teamId: String! stateId: String assigneeId: String parentId: String
  projectId: String priority: Int estimate: Int labelIds: [String!] dueDate: TimelessDate
}
input IssueUpdateInput {
  title: String description: String teamId: String stateId: String assigneeId: String parentId: String
  projectId: String priority: Int estimate: Int labelIds: [String!] addedLabelIds: [String!] removedLabelIds: [String!]
  dueDate: TimelessDate
}
input CommentCreateInput { id: String issueId: String! body: String! parentId: String }
input CommentUpdateInput { body: String }
input IssueRelationCreateInput { id: String issueId: String! relatedIssueId: String! type: IssueRelationType! }
input IssueRelationUpdateInput { issueId: String relatedIssueId: String type: String }
input IssueLabelCreateInput { id: String name: String! color: String description: String teamId: String parentId: String isGroup: Boolean }
input IssueLabelUpdateInput { name: String color: String description: String parentId: String isGroup: Boolean }
input ProjectCreateInput {
  id: String name: String! teamIds: [String!]! description: String color: String state: String leadId: String
  priority: Int startDate: TimelessDate targetDate: TimelessDate
}
input ProjectUpdateInput {
  name: String teamIds: [String!] description: String color: String state: String leadId: String
  priority: Int startDate: TimelessDate targetDate: TimelessDate
}
input TeamCreateInput { name: String! key: String description: String private: Boolean }
input TeamMembershipCreateInput { teamId: String! userId: String! owner: Boolean }
input WorkflowStateCreateInput { teamId: String! name: String! type: String! color: String! position: Float description: String }

type IssuePayload { success: Boolean! lastSyncId: Float! issue: Issue }
type CommentPayload { success: Boolean! lastSyncId: Float! comment: Comment }
type IssueRelationPayload { success: Boolean! lastSyncId: Float! issueRelation: IssueRelation! }
type IssueLabelPayload { success: Boolean! lastSyncId: Float! issueLabel: IssueLabel! }
type ProjectPayload { success: Boolean! lastSyncId: Float! project: Project }
type TeamPayload { success: Boolean! lastSyncId: Float! team: Team }
type TeamMembershipPayload { success: Boolean! lastSyncId: Float! teamMembership: TeamMembership }
type WorkflowStatePayload { success: Boolean! lastSyncId: Float! workflowState: WorkflowState! }
type DeletePayload { success: Boolean! lastSyncId: Float! entityId: String! }
type IssueArchivePayload { success: Boolean! lastSyncId: Float! entity: Issue }

type Mutation {
  issueCreate(input: IssueCreateInput!): IssuePayload!
  issueUpdate(id: String!, input: IssueUpdateInput!): IssuePayload!
  issueArchive(id: String!, trash: Boolean): IssueArchivePayload!
  issueUnarchive(id: String!): IssueArchivePayload!
  issueDelete(id: String!, permanentlyDelete: Boolean): IssueArchivePayload!
  issueAddLabel(id: String!, labelId: String!): IssuePayload!
  issueRemoveLabel(id: String!, labelId: String!): IssuePayload!
  commentCreate(input: CommentCreateInput!): CommentPayload!
  commentUpdate(id: String!, input: CommentUpdateInput!): CommentPayload!
  commentDelete(id: String!): DeletePayload!
  issueRelationCreate(input: IssueRelationCreateInput!): IssueRelationPayload!
  issueRelationUpdate(id: String!, input: IssueRelationUpdateInput!): IssueRelationPayload!
  issueRelationDelete(id: String!): DeletePayload!
  issueLabelCreate(input: IssueLabelCreateInput!): IssueLabelPayload!
  issueLabelUpdate(id: String!, input: IssueLabelUpdateInput!): IssueLabelPayload!
  issueLabelDelete(id: String!): DeletePayload!
  projectCreate(input: ProjectCreateInput!): ProjectPayload!
  projectUpdate(id: String!, input: ProjectUpdateInput!): ProjectPayload!
  teamCreate(input: TeamCreateInput!): TeamPayload!
  teamMembershipCreate(input: TeamMembershipCreateInput!): TeamMembershipPayload!
  workflowStateCreate(input: WorkflowStateCreateInput!): WorkflowStatePayload!
  workflowStateArchive(id: String!): DeletePayload!
}
`;
