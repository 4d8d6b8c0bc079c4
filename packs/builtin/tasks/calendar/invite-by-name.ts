// calendar_1: add Priya Raman to the 14 April Design review. Who "Priya Raman" is comes from
// data the actor can read: the address her name stands beside on the Design review prep the
// day before (the prep's guest row carries her name). Under `related` she moved to a new
// account: the prep lists the new address as "Priya Raman" and the old one as
// "Priya Raman (old account)".
import {
  type ApiCall,
  calendar,
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
  NY,
  SEED,
  str,
  writer,
} from './context.js';
import {
  calendarNamed,
  calendarReference,
  eventOn,
  guestEmails,
  guestListOf,
  SEED_AS_IS,
} from './reference.js';

const { aclRule, attendee, guestList, listEntry, patchEventCall, timedSlot } = calendar;

export function inviteByName(pack: CalendarPack): Task {
  const { calendar, event, user } = pack;
  const { edit, respond, insert, call } = writer(pack, 1);
  const design = calendar('Design Team');
  const review = event(design, 'Design review', '2026-04-14');
  const prep = event(design, 'Design review prep', '2026-04-13');
  const laterReview = event(design, 'Design review', '2026-04-28');
  const priya = str(user('Priya Raman'), 'email');
  const otherPriya = str(user('Priya Natarajan'), 'email');
  const marco = str(user('Marco Bellini'), 'email');
  const newAccount = `p.raman@${DOMAIN}`;
  const reviewId = str(review, 'id');

  // events.patch of the review's guest list: its guests in this run, with one more.
  const invite = (state: State, email: string, guest: Row = {}, remove: string[] = []): ApiCall =>
    patchEventCall(str(design, 'id'), reviewId, {
      attendees: guestList(pack.guestsOf(reviewId, state), {
        add: [{ email, ...guest }],
        remove,
      }),
    });
  const panel = (
    state: State,
    condition: string,
    priyaEmail: string,
    wrongUnderHerName: string,
  ): Outcome[] => {
    const outcomes = [
      by.complete('complete', 'Priya Raman added to the 14 April Design review as a new guest', [
        invite(state, priyaEmail),
      ]),
      by.alternative(
        'with-notification',
        'added with her name typed in and an update sent to guests (sendUpdates=all)',
        [
          {
            ...invite(state, priyaEmail, { displayName: 'Priya Raman' }),
            query: { sendUpdates: 'all' },
          },
        ],
      ),
      by.fault('other-priya', 'identity', 'Priya Natarajan added instead of Priya Raman', [
        invite(state, otherPriya),
      ]),
      by.fault(
        'typed-name-wrong-address',
        'identity',
        'an address that is not hers invited with "Priya Raman" typed as the guest name',
        [invite(state, wrongUnderHerName, { displayName: 'Priya Raman' })],
      ),
      // The archive calendar's "Design review (old)" of the same day is read-only for Dana
      // (reader): writing it is refused, so the wrong-meeting fault is the next review instead.
      by.fault(
        'later-review',
        'identity',
        'Priya Raman added to the next Design review (28 April) instead of the 14 April one',
        [
          patchEventCall(str(design, 'id'), str(laterReview, 'id'), {
            attendees: guestList(pack.guestsOf(laterReview.id, state), {
              add: [{ email: priyaEmail }],
            }),
          }),
        ],
      ),
      by.fault('accepted-for-her', 'value', 'added with her response already set to accepted', [
        invite(state, priyaEmail, { responseStatus: 'accepted' }),
      ]),
      by.fault(
        'guest-list-replaced',
        'preservation',
        'the guest list was rewritten with Priya Raman but without Marco Bellini',
        [invite(state, priyaEmail, {}, [marco])],
      ),
    ];
    if (condition === 'related')
      outcomes.splice(
        2,
        0,
        by.fault(
          'old-account',
          'identity',
          'the former account (now "Priya Raman (old account)" on the prep) invited instead of her current one',
          [invite(state, priya)],
        ),
      );
    return derived(pack, `calendar_1/${condition}`, state, outcomes);
  };

  const moved = call(0);
  const backgroundPatch: Patch = [
    insert(review, 'bgdesignofficehours0001', 1, {
      summary: 'Design system office hours',
      description: 'Drop in with component questions',
      location: null,
      ...timedSlot('2026-04-16', '13:00', 60, NY),
    }),
    attendee('bgdesignofficehours0001', str(review, 'organizer_email'), 'accepted'),
    ...respond(prep, marco, 'declined', 1),
  ];
  const relatedPatch: Patch = [
    {
      op: 'update',
      table: 'calendar_users',
      key: { id: str(user('Priya Raman'), 'id') },
      set: { display_name: 'Priya Raman (old account)', updated_at: moved.when },
    },
    {
      op: 'insert',
      table: 'calendar_users',
      row: {
        id: 'user_priya_r2',
        email: newAccount,
        display_name: 'Priya Raman',
        self: false,
        created_at: moved.when,
        updated_at: moved.when,
      },
    },
    {
      op: 'insert',
      table: 'calendars',
      row: {
        id: newAccount,
        summary: newAccount,
        description: null,
        location: null,
        owner_id: 'user_priya_r2',
        time_zone: NY,
        etag: moved.newEtag(),
        created_at: moved.when,
        updated_at: moved.when,
      },
    },
    aclRule(newAccount, 'user', newAccount, 'owner', moved),
    aclRule(newAccount, 'domain', DOMAIN, 'freeBusyReader', moved),
    listEntry('cle_priya_r2_primary', 'user_priya_r2', newAccount, 'owner', moved, {
      primary: true,
    }),
    {
      op: 'update',
      table: 'calendar_event_attendees',
      key: { event_id: str(prep, 'id'), email: priya },
      set: { display_name: 'Priya Raman (old account)' },
    },
    attendee(str(prep, 'id'), newAccount, 'accepted', { display_name: 'Priya Raman' }),
    edit(prep, 0, {}, true),
  ];
  return {
    id: 'calendar_1',
    family: 'calendar-invite-by-name',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction:
      'Please add Priya Raman as a guest to the Design review on Tuesday, April 14 on the Design Team calendar, with the address she has on the Design review prep the day before. Leave everything else about that meeting as it is.',
    reference: calendarReference(
      {
        designTeam: calendarNamed(
          'Design Team',
          'the calendar named exactly "Design Team" (not the archive)',
        ),
        review: eventOn('designTeam', 'Design review', '2026-04-14'),
        prep: eventOn('designTeam', 'Design review prep', '2026-04-13'),
        priya: {
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'prep', field: 'id' }, display_name: 'Priya Raman' },
          cardinality: 'one',
          description: 'the guest of the prep whose name is Priya Raman in this run',
        },
        guestsBefore: guestListOf('review'),
      },
      [
        {
          kind: 'created',
          name: 'Priya Raman is a new guest of the review',
          category: 'identity',
          reason:
            'the instruction names Priya Raman with the address she has on the prep; that address is invited',
          bind: 'invite',
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'review', field: 'id' },
            email: { ref: 'priya', field: 'email' },
          },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: 'her response is left to her',
          category: 'value',
          reason: 'an organizer cannot answer for a guest; a new guest needs action',
          target: 'invite',
          field: 'response_status',
          expect: 'needsAction',
        },
        {
          kind: 'count',
          name: 'exactly one guest is added',
          category: 'set',
          reason: 'only Priya Raman was to be added',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'review', field: 'id' } },
          scope: 'inserted',
          expect: 1,
        },
        guestEmails(
          'every earlier guest is still invited',
          'preservation',
          'leave everything else about the meeting as it is',
          'review',
          'guestsBefore',
          'superset',
        ),
        {
          kind: 'preserved',
          name: 'time, title and place of the review stay',
          category: 'preservation',
          reason: 'leave everything else about the meeting as it is',
          target: 'review',
          fields: ['start', 'end', 'summary', 'location', 'status', 'calendar_id'],
        },
        unchangedCheck(
          'no other event is edited',
          'identity',
          'only the 14 April Design review on the Design Team calendar is named',
          ['calendar_events'],
          ['review'],
        ),
        unchangedCheck(
          'no other guest list or response changes',
          'identity',
          'only the named meeting gains a guest',
          ['calendar_event_attendees'],
          ['invite'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description:
          'another event is added to the Design Team calendar and Marco declines the prep',
        patch: backgroundPatch,
      },
      related: {
        description:
          'Priya moved to a new account p.raman@: she added it to the prep as "Priya Raman", and her old address there now reads "Priya Raman (old account)"',
        change: 'binding',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(pack.base, 'source', priya, otherPriya),
      background: panel(conditionState(pack, backgroundPatch), 'background', priya, otherPriya),
      related: panel(conditionState(pack, relatedPatch), 'related', newAccount, priya),
    },
    witness: {
      decision: 'complete',
      description: 'inviting the address that was Priya Raman in the source run',
    },
    traps: ['shared-name', 'renamed-entity', 'archived-or-trashed', 'legal-alternative'],
  };
}
