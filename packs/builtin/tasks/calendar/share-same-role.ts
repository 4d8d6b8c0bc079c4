// Family calendar-share-same-role (calendar_11, calendar_12): share a calendar the actor owns
// with a colleague, with the same role another person holds on it. The role is read from that
// person's sharing rule in this run (copied, not remembered); nothing else about the calendar's
// sharing, events or calendar lists changes. Under `related` the other person's role changed.
import {
  type ApiCall,
  calendar,
  findRow,
  findRows,
  type Outcome,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import {
  by,
  type CalendarPack,
  conditionState,
  DOMAIN,
  derived,
  SEED,
  str,
  writer,
} from './context.js';
import { calendarNamed, calendarReference, SEED_AS_IS } from './reference.js';

const { aclRule, deleteAclCall, editAclRule, insertAclCall } = calendar;

export interface ShareSameRoleSpec {
  id: string;
  instruction: string;
  calendar: string;
  /** Whose role is copied, and who gets it (display names; the instruction gives their addresses). */
  model: string;
  grantee: string;
  /** Related: the model's role before the run. */
  relatedRole: string;
  /** Another calendar the actor owns, for the wrong-calendar fault. */
  otherCalendar: string;
}

export function shareSameRole(pack: CalendarPack, number: number, spec: ShareSameRoleSpec): Task {
  const { call } = writer(pack, number);
  const cal = pack.calendar(spec.calendar);
  const calId = str(cal, 'id');
  const other = pack.calendar(spec.otherCalendar);
  const model = pack.user(spec.model);
  const grantee = pack.user(spec.grantee);
  const modelEmail = str(model, 'email');
  const granteeEmail = str(grantee, 'email');
  const rule = (scopeType: string, scopeValue: string): Row =>
    findRow(
      pack.base,
      'calendar_acl_rules',
      { calendar_id: calId, scope_type: scopeType, scope_value: scopeValue },
      `${scopeType} rule ${scopeValue} on ${spec.calendar}`,
    );
  const modelRule = rule('user', modelEmail);
  const domainRule = rule('domain', DOMAIN);
  // The model's own calendar-list entry (if the calendar is in their list) shows the role too.
  const modelEntries = findRows(pack.base, 'calendar_list_entries', {
    user_id: str(model, 'id'),
    calendar_id: calId,
  });
  /** acl.insert of the grantee's rule. */
  const share = (role: string, calendarId = calId): ApiCall =>
    insertAclCall(calendarId, 'user', granteeEmail, role);
  /** acl.delete of a rule (the server keeps it with role none). */
  const unshare = (ruleRow: Row): ApiCall => deleteAclCall(calId, str(ruleRow, 'id'));

  const changed = call(0);
  const backgroundPatch: Patch = [
    aclRule(str(other, 'id'), 'user', `sam.okafor@${DOMAIN}`, 'reader', call(1)),
  ];
  const relatedPatch: Patch = [
    editAclRule(modelRule, spec.relatedRole, changed),
    ...modelEntries.map((entry): Patch[number] => ({
      op: 'update',
      table: 'calendar_list_entries',
      key: { id: str(entry, 'id') },
      set: {
        access_role: spec.relatedRole,
        etag: changed.newEtag(),
        updated_at: changed.when,
      },
    })),
  ];
  const states: Record<string, State> = {
    source: pack.base,
    background: conditionState(pack, backgroundPatch),
    related: conditionState(pack, relatedPatch),
  };
  const sourceRole = str(modelRule, 'role');
  const panel = (role: string, condition: string): Outcome[] => {
    const outcomes = [
      by.complete(
        'complete',
        `${spec.calendar} shared with ${spec.grantee} as ${role}, ${spec.model}'s role`,
        [share(role)],
      ),
      // Only the grantee can add the calendar to their own list (calendarList is users/me only),
      // so the legal alternative kept is the rule sent twice: acl.insert, then acl.update.
      by.alternative(
        'rule-saved-twice',
        `shared, then the same rule saved again (acl.update with ${spec.model}'s role)`,
        [
          share(role),
          {
            method: 'PUT',
            path: `/calendars/${encodeURIComponent(calId)}/acl/${encodeURIComponent(`user:${granteeEmail}`)}`,
            body: { role, scope: { type: 'user', value: granteeEmail } },
          },
        ],
      ),
      by.fault(
        'free-busy-only',
        'value',
        `shared for free/busy only instead of ${spec.model}'s role`,
        [share('freeBusyReader')],
      ),
      by.fault('owner-role', 'value', 'shared as owner', [share('owner')]),
      by.fault(
        'wrong-calendar',
        'relation',
        `${spec.otherCalendar} shared instead of ${spec.calendar}`,
        [share(role, str(other, 'id'))],
      ),
      by.fault(
        'model-replaced',
        'preservation',
        `${spec.model}'s rule deleted and ${spec.grantee}'s added: ${spec.model} loses access`,
        [unshare(modelRule), share(role)],
      ),
      by.fault(
        'domain-rule-dropped',
        'preservation',
        'shared, but the company-wide rule was deleted while editing the sharing settings',
        [share(role), unshare(domainRule)],
      ),
    ];
    if (condition === 'related')
      outcomes.splice(
        2,
        0,
        by.fault(
          'copied-old-role',
          'value',
          `shared as ${sourceRole}, the role ${spec.model} had before it changed`,
          [share(sourceRole)],
        ),
      );
    return derived(pack, `${spec.id}/${condition}`, states[condition] as State, outcomes);
  };

  return {
    id: spec.id,
    family: 'calendar-share-same-role',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction: spec.instruction,
    reference: calendarReference(
      {
        cal: calendarNamed(spec.calendar),
        model: {
          table: 'calendar_acl_rules',
          where: {
            calendar_id: { ref: 'cal', field: 'id' },
            scope_type: 'user',
            scope_value: modelEmail,
          },
          cardinality: 'one',
          description: `${spec.model}'s sharing rule on the calendar, as it is in this run`,
        },
        rulesBefore: {
          table: 'calendar_acl_rules',
          where: { calendar_id: { ref: 'cal', field: 'id' } },
          cardinality: 'some',
        },
      },
      [
        {
          kind: 'created',
          name: `${spec.grantee} gets a rule on ${spec.calendar}`,
          category: 'relation',
          reason: `the instruction shares ${spec.calendar} with ${spec.grantee}`,
          bind: 'grant',
          table: 'calendar_acl_rules',
          where: {
            calendar_id: { ref: 'cal', field: 'id' },
            scope_type: 'user',
            scope_value: granteeEmail,
          },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: `with ${spec.model}'s role`,
          category: 'value',
          reason: `the same access ${spec.model} has on it in this run`,
          target: 'grant',
          field: 'role',
          expect: { ref: 'model', field: 'role' },
        },
        {
          kind: 'count',
          name: 'one rule is added',
          category: 'set',
          reason: 'only the new colleague is given access',
          table: 'calendar_acl_rules',
          where: {},
          scope: 'inserted',
          expect: 1,
        },
        {
          kind: 'set',
          name: 'every earlier rule of the calendar stays',
          category: 'preservation',
          reason: "don't change anyone else's access",
          table: 'calendar_acl_rules',
          where: { calendar_id: { ref: 'cal', field: 'id' } },
          field: 'id',
          expect: { refs: 'rulesBefore', field: 'id' },
          mode: 'superset',
        },
        unchangedCheck(
          'no other sharing rule changes',
          'preservation',
          "don't change anyone else's access",
          ['calendar_acl_rules'],
          ['grant'],
        ),
        {
          kind: 'created',
          name: 'at most the new colleague’s calendar list gains the calendar',
          category: 'relation',
          reason: 'sharing may add the calendar to the grantee’s list, nothing else',
          bind: 'listed',
          table: 'calendar_list_entries',
          where: {
            calendar_id: { ref: 'cal', field: 'id' },
            access_role: { ref: 'model', field: 'role' },
          },
          cardinality: { min: 0, max: 1 },
        },
        unchangedCheck(
          'events, calendars and calendar lists stay',
          'preservation',
          'sharing a calendar changes who sees it, not what is on it',
          ['calendar_events', 'calendar_event_attendees', 'calendars', 'calendar_list_entries'],
          ['listed'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: `${spec.otherCalendar} is shared with one more colleague`,
        patch: backgroundPatch,
      },
      related: {
        description: `${spec.model}'s role on ${spec.calendar} changed from ${sourceRole} to ${spec.relatedRole} before the run`,
        change: 'value',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(sourceRole, 'source'),
      background: panel(sourceRole, 'background'),
      related: panel(spec.relatedRole, 'related'),
    },
    witness: {
      decision: 'complete',
      description: `sharing with the role ${spec.model} had in the source run`,
    },
    traps: ['copied-value', 'preserve-across-tables'],
  };
}
