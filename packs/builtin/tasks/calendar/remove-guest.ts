// calendar_16 (family calendar-remove-guest-from-meetings): take one person off every
// remaining one-off "Design review" on the Design Team calendar. Same-named events elsewhere
// (the room calendar's own copies, the archive's "Design review (old)", the prep) are not his to
// leave. Under `related` one review was cancelled and an extra one added before the run.
import {
  type ApiCall,
  applyPatch,
  calendar,
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
  derived,
  NY,
  SEED,
  str,
  writer,
} from './context.js';
import { calendarNamed, calendarReference, SEED_AS_IS } from './reference.js';

const { attendee, guestList, patchEventCall, setResponse, timedSlot } = calendar;

const FROM = '2026-04-14';
const EXTRA_ID = 'designextra0000000001';

export function removeGuest(pack: CalendarPack): Task {
  const { edit, insert } = writer(pack, 16);
  const design = pack.calendar('Design Team');
  const marco = str(pack.user('Marco Bellini'), 'email');
  const reviewsIn = (state: State, from: string | undefined, to?: string): Row[] =>
    findRows(
      state,
      'calendar_events',
      (row) =>
        row.calendar_id === design.id &&
        row.summary === 'Design review' &&
        row.status === 'confirmed' &&
        (from === undefined || str(row, 'start_datetime') >= from) &&
        (to === undefined || str(row, 'start_datetime') < to),
    );
  const prep = pack.event(design, 'Design review prep', '2026-04-13');
  const cancelledReview = pack.event(design, 'Design review', '2026-04-28');

  // events.patch of each event's guest list: its guests in this run, without `who`.
  const drop = (state: State, rows: Row[], who = marco): ApiCall[] =>
    rows.map((row) =>
      patchEventCall(str(design, 'id'), str(row, 'id'), {
        attendees: guestList(pack.guestsOf(row.id, state), { remove: [who] }),
      }),
    );
  const relatedPatch: Patch = [
    edit(cancelledReview, 0, { status: 'cancelled' }, true),
    insert(cancelledReview, EXTRA_ID, 0, timedSlot('2026-05-05', '10:00', 60, NY)),
    ...pack.guestsOf(cancelledReview.id).map((guest) =>
      attendee(EXTRA_ID, str(guest, 'email'), str(guest, 'response_status'), {
        display_name: guest.display_name ?? null,
        optional: guest.optional ?? false,
        resource: guest.resource ?? false,
      }),
    ),
  ];
  const related = applyPatch(pack.base, relatedPatch, 'calendar_16 related');

  const panel = (state: State, condition: string): Outcome[] => {
    const reviews = reviewsIn(state, FROM);
    const outcomes = [
      by.complete(
        'complete',
        `Marco taken off the ${reviews.length} Design reviews from 14 April on`,
        drop(state, reviews),
      ),
      by.fault(
        'earlier-reviews-too',
        'set',
        'also taken off the March reviews, which are past',
        drop(state, reviewsIn(state, undefined)),
      ),
      by.fault(
        'last-review-missed',
        'set',
        'the last review of May left out',
        drop(state, reviews.slice(0, -1)),
      ),
      // The archive's "Design review (old)" is read-only for Dana (reader: 403
      // requiredAccessLevel), so the same-name fault is the prep, taken for a review.
      by.fault(
        'prep-instead',
        'identity',
        'taken off the Design review prep instead of the Design reviews',
        drop(state, [prep]),
      ),
      by.fault(
        'declined-for-him',
        'value',
        'his answer set to declined on each review instead of removing him',
        reviews.map((row) =>
          patchEventCall(str(design, 'id'), str(row, 'id'), {
            attendees: guestList(pack.guestsOf(row.id, state), {
              answer: { [marco]: 'declined' },
            }),
          }),
        ),
      ),
      by.fault(
        'prep-too',
        'preservation',
        'also taken off the Design review prep, which he still joins',
        [...drop(state, reviews), ...drop(state, [prep])],
      ),
    ];
    if (condition === 'related')
      outcomes.splice(
        1,
        0,
        by.fault(
          'source-set-only',
          'set',
          'the reviews of the source run: the cancelled one edited, the added 5 May one missed',
          drop(state, reviewsIn(pack.base, FROM)),
        ),
      );
    return derived(pack, `calendar_16/${condition}`, state, outcomes);
  };
  const backgroundPatch: Patch = [
    edit(prep, 1, {}),
    setResponse(str(prep, 'id'), str(pack.user('Hana Sato'), 'email'), 'declined'),
  ];

  return {
    id: 'calendar_16',
    family: 'calendar-remove-guest-from-meetings',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction: `Marco Bellini (${marco}) no longer joins the design reviews: take him off every Design review on the Design Team calendar from April 14 on. He stays on everything else.`,
    reference: calendarReference(
      {
        design: calendarNamed('Design Team'),
        reviews: {
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'design', field: 'id' },
            summary: 'Design review',
            start_datetime: { gte: FROM },
            status: 'confirmed',
          },
          cardinality: 'some',
          description: 'the Design reviews still taking place from 14 April on, in this run',
        },
        marcoThere: {
          table: 'calendar_event_attendees',
          where: { event_id: { in: { refs: 'reviews', field: 'id' } }, email: marco },
          cardinality: 'some',
        },
      },
      [
        {
          kind: 'count',
          name: 'he is on none of those reviews',
          category: 'set',
          reason: 'take him off every Design review from 14 April on',
          table: 'calendar_event_attendees',
          where: { event_id: { in: { refs: 'reviews', field: 'id' } }, email: marco },
          scope: 'after',
          expect: 0,
        },
        {
          kind: 'preserved',
          name: 'the reviews keep their time, title and place',
          category: 'preservation',
          reason: 'only the guest list changes',
          target: 'reviews',
          fields: ['start', 'end', 'summary', 'location', 'status'],
        },
        unchangedCheck(
          'every other guest list and answer stays',
          'preservation',
          'he stays on everything else, and nobody else is touched',
          ['calendar_event_attendees'],
          ['marcoThere'],
        ),
        unchangedCheck(
          'no other event changes',
          'identity',
          'only the Design reviews on the Design Team calendar are named',
          ['calendar_events'],
          ['reviews'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: 'Hana declines the prep',
        patch: backgroundPatch,
      },
      related: {
        description:
          'the 28 April review was cancelled and an extra review added on 5 May (Marco invited)',
        change: 'membership',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(pack.base, 'source'),
      background: panel(conditionState(pack, backgroundPatch), 'background'),
      related: panel(related, 'related'),
    },
    witness: {
      decision: 'complete',
      description: 'taking him off the reviews of the source run',
    },
    traps: ['shared-name', 'archived-or-trashed', 'preserve-across-tables'],
  };
}
