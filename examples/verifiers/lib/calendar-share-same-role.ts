// The verifier plan of family calendar-share-same-role (calendar_11, calendar_12): one new
// sharing rule for the colleague, with the role the other person's rule has in this run's
// before-state; no other rule, event or calendar-list entry changes.
import type { VerifierResult } from '../../../src/contract/verifier.js';
import { calendarList, calendarNamed, eventsChangedBetween, listAll } from './calendar.js';
import {
  AmbiguousNameError,
  listedAsJson,
  type Run,
  type VerifierPlan,
  verdictOf,
} from './common.js';

export interface ShareSameRoleTask {
  calendar: string;
  /** Addresses from the instruction: whose role is copied, and who gets it. */
  model: string;
  grantee: string;
}

interface AclRule {
  id: string;
  role?: string;
  scope?: { type?: string; value?: string };
}

export interface ShareSeen {
  calendarId: string;
  rules: AclRule[];
}

const WINDOW_START = '2026-03-01T00:00:00-05:00';
const WINDOW_END = '2026-06-01T00:00:00-04:00';
const enc = encodeURIComponent;

const aclOf = (client: Run['before'], calendarId: string) =>
  listAll<AclRule>(client, `calendars/${enc(calendarId)}/acl`, { maxResults: 250 });
const isUser = (rule: AclRule, email: string): boolean =>
  rule.scope?.type === 'user' && rule.scope.value?.toLowerCase() === email.toLowerCase();
const ruleText = (rule: AclRule): string =>
  `${rule.scope?.type}:${rule.scope?.value ?? ''}=${rule.role}`;
const listText = async (client: Run['before']): Promise<string> =>
  JSON.stringify(
    (await calendarList(client)).map((entry) => [entry.id, entry.summary, entry.accessRole]).sort(),
  );

export function shareSameRolePlan(task: ShareSameRoleTask): VerifierPlan<ShareSeen, string> {
  return {
    async read({ before }: Run): Promise<ShareSeen> {
      const calendarId = await calendarNamed(before, task.calendar);
      return { calendarId, rules: await aclOf(before, calendarId) };
    },
    /** The role the model's rule has in this run's before-state. */
    required({ rules }: ShareSeen): string {
      const model = rules.filter((rule) => isUser(rule, task.model));
      if (model.length !== 1)
        throw new AmbiguousNameError(
          `expected one sharing rule for ${task.model} on ${task.calendar}, found ${model.length}`,
        );
      return String(model[0]!.role);
    },
    async judge(
      { calendarId, rules }: ShareSeen,
      role: string,
      { before, after }: Run,
    ): Promise<VerifierResult> {
      const later = await aclOf(after, calendarId);
      const earlier = new Map(rules.map((rule) => [rule.id, ruleText(rule)]));
      const added = later.filter((rule) => !earlier.has(rule.id));
      const grant = added.find((rule) => isUser(rule, task.grantee));
      const changed = rules
        .filter((rule) => {
          const now = later.find((other) => other.id === rule.id);
          return !now || ruleText(now) !== ruleText(rule);
        })
        .map(ruleText);
      const stray = await eventsChangedBetween(
        { before, after },
        calendarId,
        WINDOW_START,
        WINDOW_END,
      );
      const listsKept = (await listText(before)) === (await listText(after));
      return verdictOf(
        [
          {
            name: `${task.grantee} gets a rule on ${task.calendar}`,
            ok: grant !== undefined,
            detail: `new rules ${listedAsJson(added.map(ruleText))}`,
          },
          {
            name: `with ${task.model}'s role`,
            ok: grant?.role === role,
            detail: `${role} expected, ${grant?.role ?? 'none'} given`,
          },
          {
            name: 'no other rule added, changed or removed',
            ok: added.length === 1 && changed.length === 0,
            detail: `changed ${listedAsJson(changed)}`,
          },
          {
            name: 'events and the calendar list unchanged',
            ok: stray.length === 0 && listsKept,
            detail: `changed events ${listedAsJson(stray)}`,
          },
        ],
        `Read the sharing rules of ${task.calendar} before and after the run.`,
      );
    },
  };
}
