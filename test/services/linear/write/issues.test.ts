import { describe, expect, it } from 'vitest';
import { createLinearReplica } from '../../../../src/services/linear/index.js';
import { LinearInvariants } from '../../../../src/services/linear/invariants.js';
import { linearWriteModel } from '../../../../src/services/linear/write/index.js';
import { actorOf, teamKeyed, userNamed } from '../builtin-seed.js';
import {
  AT,
  builtinState,
  call,
  type Data,
  dana,
  issue,
  labelNamed,
  priya,
  refusedWith,
  rowsOf,
  stateAfter,
  streamUuid,
  succeeded,
  teamStateNamed,
  tobias,
} from './support.js';

const plat = teamKeyed('PLAT');
const bug = labelNamed('bug');
const feature = labelNamed('feature');

function readBack(state: ReturnType<typeof stateAfter>, text: string) {
  const response = createLinearReplica(state, dana).handle({
    method: 'POST',
    path: 'graphql',
    body: { query: text },
  });
  const body = response.body as { data: Data; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

describe('issueCreate', () => {
  const create = `mutation($input: IssueCreateInput!) {
    issueCreate(input: $input) { success issue { id identifier number title priorityLabel state { name } assignee { name } creator { name } labels { nodes { name } } } }
  }`;

  it('inserts the issue with the next number of its team and every server-written field', () => {
    const todo = teamStateNamed('PLAT', 'Todo');
    const { patch, response } = succeeded(
      call(create, {
        input: {
          teamId: plat.id,
          title: 'Export fails on large sites',
          priority: 1,
          stateId: todo.id,
          assigneeId: priya.id,
          labelIds: [bug.id],
          dueDate: '2026-03-20',
        },
      }),
    );
    const id = streamUuid(0);
    // PLAT's highest number in the seed is 111 (PLAT-1 … PLAT-111).
    expect(patch).toEqual([
      {
        op: 'insert',
        table: 'issues',
        row: {
          id,
          identifier: 'PLAT-112',
          title: 'Export fails on large sites',
          description: null,
          teamId: plat.id,
          stateId: todo.id,
          assigneeId: priya.id,
          creatorId: dana.id,
          priority: 1,
          priorityLabel: 'Urgent',
          prioritySortOrder: -112,
          number: 112,
          boardOrder: 0,
          sortOrder: -1120,
          customerTicketCount: 0,
          branchName: 'plat-112-export-fails-on-large-sites',
          labelIds: [bug.id],
          previousIdentifiers: [],
          reactionData: {},
          url: 'https://linear.app/kestrel/issue/PLAT-112/export-fails-on-large-sites',
          createdAt: AT,
          updatedAt: AT,
          cycleId: null,
          projectId: null,
          projectMilestoneId: null,
          parentId: null,
          completedAt: null,
          canceledAt: null,
          autoArchivedAt: null,
          autoClosedAt: null,
          archivedAt: null,
          dueDate: '2026-03-20',
          slaStartedAt: null,
          slaBreachesAt: null,
          startedAt: null,
          startedTriageAt: null,
          triagedAt: null,
          trashed: false,
          estimate: null,
        },
      },
      {
        op: 'insert',
        table: 'issue_label_issue_association',
        row: { issue_id: id, issue_label_id: bug.id },
      },
    ]);
    expect(response.data.issueCreate).toEqual({
      success: true,
      issue: {
        id,
        identifier: 'PLAT-112',
        number: 112,
        title: 'Export fails on large sites',
        priorityLabel: 'Urgent',
        state: { name: 'Todo' },
        assignee: { name: 'Priya Raman' },
        creator: { name: 'Dana Whitfield' },
        labels: { nodes: [{ name: 'bug' }] },
      },
    });
    const after = stateAfter(patch);
    for (const rule of LinearInvariants) expect(rule.check(after)).toEqual([]);
    const data = readBack(
      after,
      '{ issue(id: "PLAT-112") { title state { name } assignee { name } } }',
    );
    expect(data.issue).toEqual({
      title: 'Export fails on large sites',
      state: { name: 'Todo' },
      assignee: { name: 'Priya Raman' },
    });
  });

  it("puts an issue without a state in the team's first backlog state", () => {
    const { response } = succeeded(
      call(create, { input: { teamId: 'PLAT', title: 'Keyed by team key' } }),
    );
    expect(response.data.issueCreate.issue.state).toEqual({ name: 'Backlog' });
    expect(response.data.issueCreate.issue.priorityLabel).toBe('No priority');
  });

  it('refuses a private team the actor is not a member of, and lets a member create there', () => {
    const security = teamKeyed('SEC');
    const message = refusedWith(
      call(create, { input: { teamId: security.id, title: 'x' } }),
      'ENTITY_NOT_FOUND',
    );
    expect(message).toMatch(/Team/);
    const { response } = succeeded(
      call(
        create,
        { input: { teamId: security.id, title: 'Rotate the API signing key' } },
        { actor: tobias },
      ),
    );
    expect(response.data.issueCreate.issue.identifier).toMatch(/^SEC-\d+$/);
  });

  it('refuses a deactivated actor as unauthenticated', () => {
    const marco = actorOf(userNamed('Marco Díaz'));
    refusedWith(
      call(create, { input: { teamId: plat.id, title: 'x' } }, { actor: marco }),
      'AUTHENTICATION_ERROR',
      401,
    );
  });

  it('refuses invalid input: an empty title, a state of another team, a deactivated assignee, a missing teamId', () => {
    refusedWith(call(create, { input: { teamId: plat.id, title: '  ' } }), 'INVALID_INPUT');
    const webTodo = teamStateNamed('WEB', 'Todo');
    expect(
      refusedWith(
        call(create, { input: { teamId: plat.id, title: 'x', stateId: webTodo.id } }),
        'INVALID_INPUT',
      ),
    ).toMatch(/another team/);
    const marco = userNamed('Marco Díaz');
    expect(
      refusedWith(
        call(create, { input: { teamId: plat.id, title: 'x', assigneeId: marco.id } }),
        'INVALID_INPUT',
      ),
    ).toMatch(/deactivated/);
    refusedWith(
      call('mutation { issueCreate(input: { title: "x" }) { success } }'),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});

describe('issueUpdate', () => {
  it('writes the fields, the priority label, the lifecycle stamps of the new state and updatedAt', () => {
    const target = issue('PLAT-3');
    const done = teamStateNamed('PLAT', 'Done');
    const { patch, response } = succeeded(
      call(
        `mutation { issueUpdate(id: "PLAT-3", input: { title: "Renamed", stateId: "${String(done.id)}", priority: 3, estimate: 2 }) { success issue { title state { type } completedAt priorityLabel } } }`,
      ),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'issues',
        key: { id: target.id },
        set: {
          title: 'Renamed',
          stateId: done.id,
          completedAt: AT,
          canceledAt: null,
          startedAt: AT,
          priority: 3,
          priorityLabel: 'Medium',
          estimate: 2,
          updatedAt: AT,
        },
      },
    ]);
    expect(response.data.issueUpdate).toEqual({
      success: true,
      issue: {
        title: 'Renamed',
        state: { type: 'completed' },
        completedAt: AT,
        priorityLabel: 'Medium',
      },
    });
  });

  it('changes labels by difference: labelIds and the join table move together', () => {
    const target = issue('PLAT-1');
    const { patch } = succeeded(
      call(
        `mutation { issueUpdate(id: "PLAT-1", input: { labelIds: ["${String(feature.id)}"] }) { success } }`,
      ),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'issues',
        key: { id: target.id },
        set: { labelIds: [feature.id], updatedAt: AT },
      },
      {
        op: 'delete',
        table: 'issue_label_issue_association',
        key: { issue_id: target.id, issue_label_id: bug.id },
      },
      {
        op: 'insert',
        table: 'issue_label_issue_association',
        row: { issue_id: target.id, issue_label_id: feature.id },
      },
    ]);
    const data = readBack(
      stateAfter(patch),
      '{ issue(id: "PLAT-1") { labels { nodes { name } } } }',
    );
    expect(data.issue.labels.nodes).toEqual([{ name: 'feature' }]);
  });

  it('moves an issue to another team: next number there, old identifier kept, same-type state', () => {
    const target = issue('PLAT-4');
    const web = teamKeyed('WEB');
    const webMax = Math.max(
      ...rowsOf('issues')
        .filter((row) => row.teamId === web.id)
        .map((row) => Number(row.number)),
    );
    const { patch, response } = succeeded(
      call(
        `mutation { issueUpdate(id: "PLAT-4", input: { teamId: "${String(web.id)}" }) { issue { identifier previousIdentifiers state { name team { key } } } } }`,
      ),
    );
    expect(response.data.issueUpdate.issue).toEqual({
      identifier: `WEB-${webMax + 1}`,
      previousIdentifiers: ['PLAT-4'],
      state: { name: 'Backlog', team: { key: 'WEB' } },
    });
    const set = (patch[0] as { set: Record<string, unknown> }).set;
    expect(set).toMatchObject({
      teamId: web.id,
      number: webMax + 1,
      stateId: teamStateNamed('WEB', 'Backlog').id,
    });
    expect(target.stateId).toBe(teamStateNamed('PLAT', 'Backlog').id);
    const data = readBack(stateAfter(patch), '{ issue(id: "PLAT-4") { identifier } }');
    expect(data.issue.identifier).toBe(`WEB-${webMax + 1}`);
  });

  it('refuses an issue of a private team the actor is not in, and an archived issue', () => {
    refusedWith(
      call('mutation { issueUpdate(id: "SEC-1", input: { priority: 1 }) { success } }'),
      'ENTITY_NOT_FOUND',
    );
    expect(
      refusedWith(
        call('mutation { issueUpdate(id: "PLAT-2", input: { priority: 1 }) { success } }'),
        'INVALID_INPUT',
      ),
    ).toMatch(/archived/);
  });

  it('refuses invalid input: a priority out of range, a parent cycle, a wrongly typed argument', () => {
    refusedWith(
      call('mutation { issueUpdate(id: "PLAT-3", input: { priority: 9 }) { success } }'),
      'INVALID_INPUT',
    );
    refusedWith(
      call('mutation { issueUpdate(id: "PLAT-3", input: { parentId: "PLAT-3" }) { success } }'),
      'INVALID_INPUT',
    );
    refusedWith(
      call('mutation { issueUpdate(id: "PLAT-3", input: { priority: "high" }) { success } }'),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});

describe('issueAddLabel and issueRemoveLabel', () => {
  it('adds a label: labelIds, updatedAt and a join-table row', () => {
    const target = issue('PLAT-4');
    const { patch } = succeeded(
      call(
        `mutation { issueAddLabel(id: "PLAT-4", labelId: "${String(feature.id)}") { success issue { labelIds } } }`,
      ),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'issues',
        key: { id: target.id },
        set: { labelIds: [feature.id], updatedAt: AT },
      },
      {
        op: 'insert',
        table: 'issue_label_issue_association',
        row: { issue_id: target.id, issue_label_id: feature.id },
      },
    ]);
  });

  it('removes a label; removing one the issue lacks changes nothing', () => {
    const target = issue('PLAT-1');
    const { patch } = succeeded(
      call(`mutation { issueRemoveLabel(id: "PLAT-1", labelId: "${String(bug.id)}") { success } }`),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'issues',
        key: { id: target.id },
        set: { labelIds: [], updatedAt: AT },
      },
      {
        op: 'delete',
        table: 'issue_label_issue_association',
        key: { issue_id: target.id, issue_label_id: bug.id },
      },
    ]);
    expect(
      succeeded(
        call(
          `mutation { issueRemoveLabel(id: "PLAT-4", labelId: "${String(bug.id)}") { success } }`,
        ),
      ).patch,
    ).toEqual([]);
  });

  it('refuses an issue the actor cannot see', () => {
    refusedWith(
      call(`mutation { issueAddLabel(id: "SEC-1", labelId: "${String(feature.id)}") { success } }`),
      'ENTITY_NOT_FOUND',
    );
    refusedWith(
      call(`mutation { issueRemoveLabel(id: "SEC-1", labelId: "${String(bug.id)}") { success } }`),
      'ENTITY_NOT_FOUND',
    );
  });

  it("refuses another team's label and a missing argument", () => {
    const ios = labelNamed('ios');
    expect(ios.teamId).not.toBe(plat.id);
    expect(
      refusedWith(
        call(`mutation { issueAddLabel(id: "PLAT-4", labelId: "${String(ios.id)}") { success } }`),
        'INVALID_INPUT',
      ),
    ).toMatch(/another team/);
    refusedWith(
      call('mutation { issueRemoveLabel(id: "PLAT-1") { success } }'),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});

describe('issueArchive, issueUnarchive and issueDelete', () => {
  it('archives (and with trash: true trashes) an issue; lists leave it out', () => {
    const target = issue('PLAT-3');
    const { patch } = succeeded(
      call('mutation { issueArchive(id: "PLAT-3") { success entity { archivedAt } } }'),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'issues',
        key: { id: target.id },
        set: { archivedAt: AT, updatedAt: AT },
      },
    ]);
    const trashed = succeeded(
      call('mutation { issueArchive(id: "PLAT-3", trash: true) { success } }'),
    ).patch;
    expect(trashed).toEqual([
      {
        op: 'update',
        table: 'issues',
        key: { id: target.id },
        set: { archivedAt: AT, updatedAt: AT, trashed: true },
      },
    ]);
    const data = readBack(
      stateAfter(patch),
      `{ issues(first: 250, filter: { team: { key: { eq: "PLAT" } } }) { nodes { identifier } } }`,
    );
    expect(data.issues.nodes.map((node: { identifier: string }) => node.identifier)).not.toContain(
      'PLAT-3',
    );
  });

  it('unarchives an archived issue', () => {
    const target = issue('PLAT-2');
    const { patch } = succeeded(
      call(
        'mutation { issueUnarchive(id: "PLAT-2") { success entity { identifier archivedAt } } }',
      ),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'issues',
        key: { id: target.id },
        set: { archivedAt: null, trashed: false, updatedAt: AT },
      },
    ]);
  });

  it('trashes on issueDelete: trashed, archivedAt and updatedAt; the row stays', () => {
    const target = issue('PLAT-3');
    const { patch, response } = succeeded(
      call('mutation { issueDelete(id: "PLAT-3") { success entity { trashed archivedAt } } }'),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'issues',
        key: { id: target.id },
        set: { trashed: true, archivedAt: AT, updatedAt: AT },
      },
    ]);
    expect(response.data.issueDelete).toEqual({
      success: true,
      entity: { trashed: true, archivedAt: AT },
    });
  });

  it('deletes permanently only for an admin, with the rows that hang on the issue', () => {
    const target = issue('PLAT-1');
    refusedWith(
      call(
        'mutation { issueDelete(id: "PLAT-1", permanentlyDelete: true) { success } }',
        undefined,
        { actor: priya },
      ),
      'FORBIDDEN',
    );
    const { patch } = succeeded(
      call(
        'mutation { issueDelete(id: "PLAT-1", permanentlyDelete: true) { success entity { id } } }',
      ),
    );
    expect(patch).toEqual([
      {
        op: 'delete',
        table: 'issue_label_issue_association',
        key: { issue_id: target.id, issue_label_id: bug.id },
      },
      { op: 'delete', table: 'issues', key: { id: target.id } },
    ]);
  });

  it('refuses issues the actor cannot see', () => {
    for (const mutation of ['issueArchive', 'issueUnarchive', 'issueDelete'])
      refusedWith(call(`mutation { ${mutation}(id: "SEC-1") { success } }`), 'ENTITY_NOT_FOUND');
  });

  it('refuses archiving an archived issue, unarchiving a live one, and a wrongly typed id', () => {
    refusedWith(call('mutation { issueArchive(id: "PLAT-2") { success } }'), 'INVALID_INPUT');
    refusedWith(call('mutation { issueUnarchive(id: "PLAT-3") { success } }'), 'INVALID_INPUT');
    refusedWith(
      call('mutation { issueDelete(id: 5) { success } }'),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});

describe('requests', () => {
  it('runs several root fields in order, each on the state the previous left', () => {
    const { patch, response } = succeeded(
      call(`mutation {
        a: issueCreate(input: { teamId: "PLAT", title: "First" }) { issue { identifier } }
        b: issueCreate(input: { teamId: "PLAT", title: "Second" }) { issue { identifier } }
        c: commentCreate(input: { issueId: "PLAT-113", body: "on the second" }) { comment { issue { title } } }
      }`),
    );
    expect(response.data).toEqual({
      a: { issue: { identifier: 'PLAT-112' } },
      b: { issue: { identifier: 'PLAT-113' } },
      c: { comment: { issue: { title: 'Second' } } },
    });
    expect(patch.map((op) => `${op.op} ${op.table}`)).toEqual([
      'insert issues',
      'insert issues',
      'insert comments',
    ]);
  });

  it('refuses the whole request when one root field is refused', () => {
    const result = call(`mutation {
      a: issueUpdate(id: "PLAT-3", input: { priority: 1 }) { success }
      b: issueUpdate(id: "PLAT-2", input: { priority: 1 }) { success }
    }`);
    refusedWith(result, 'INVALID_INPUT');
  });

  it('answers a query without writing, and refuses a syntax error, a wrong path and GET', () => {
    const query = succeeded(call('{ issue(id: "PLAT-3") { title } }'));
    expect(query.patch).toEqual([]);
    refusedWith(call('mutation {'), 'GRAPHQL_PARSE_FAILED', 400);
    const env = { now: () => new Date(AT), nextHex: () => '0'.repeat(64) };
    expect(
      linearWriteModel.apply(
        builtinState,
        dana,
        { method: 'POST', path: '/issues', body: {} },
        env,
      ),
    ).toMatchObject({ ok: false, refusal: { status: 404 } });
    expect(
      linearWriteModel.apply(
        builtinState,
        dana,
        { method: 'GET', path: 'graphql', query: { query: '{ viewer { id } }' } },
        env,
      ),
    ).toMatchObject({ ok: false, refusal: { status: 405 } });
  });

  it('is deterministic: the same call on the same state writes the same rows', () => {
    const text = 'mutation { issueCreate(input: { teamId: "PLAT", title: "Same" }) { success } }';
    expect(succeeded(call(text)).patch).toEqual(succeeded(call(text)).patch);
  });
});
