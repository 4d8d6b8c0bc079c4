import type { Row } from '../../schema/json.js';
import { deepFreeze } from '../deep-freeze.js';
import { memoEntry } from '../memo-entry.js';
import {
  type EventTime,
  type EventTiming,
  eventTimes,
  instanceSuffix,
  occurrenceTiming,
  sameOriginalStart,
  timeOf,
  timingOf,
} from './event-timing.js';
import { expandSeries } from './recurrence.js';
import { stringList, text } from './row-fields.js';

/**
 * One item an events list can show: a stored row (single event, series master or
 * exception) or an instance computed from a series. Details come from `row`.
 */
export interface Occurrence {
  id: string;
  row: Row;
  timing: EventTiming;
  status: string;
  start: EventTime;
  end: EventTime;
  recurringEventId?: string;
  originalStartTime?: EventTime;
  /** Event ids whose attendee rows apply, first with rows wins (an exception, then its series). */
  attendeeSources: string[];
}

export const isSeries = (row: Row): boolean =>
  stringList(row, 'recurrence').length > 0 && !text(row, 'recurring_event_id');

// A stored occurrence depends only on its row and the calendar's zone, and rows never change
// (a patched row is a new object), so it is built once per row and zone and shared, frozen,
// by every state that holds the row (docs/replicas.md, "What a replica keeps between calls").
const storedByRow = new WeakMap<Row, Map<string | undefined, Occurrence | undefined>>();

/** The row as stored; undefined when its times cannot be read. */
export function storedOccurrence(
  row: Row,
  calendarZone: string | undefined,
): Occurrence | undefined {
  let byZone = storedByRow.get(row);
  if (!byZone) {
    byZone = new Map();
    storedByRow.set(row, byZone);
  }
  if (byZone.has(calendarZone)) return byZone.get(calendarZone);
  const occurrence = buildStoredOccurrence(row, calendarZone);
  byZone.set(calendarZone, occurrence && deepFreeze(occurrence));
  return occurrence;
}

function buildStoredOccurrence(row: Row, calendarZone: string | undefined): Occurrence | undefined {
  const timing = timingOf(row, calendarZone);
  if (!timing) return undefined;
  const id = text(row, 'id') ?? '';
  const master = text(row, 'recurring_event_id');
  const times = eventTimes(timing);
  return {
    id,
    row,
    timing,
    status: text(row, 'status') ?? 'confirmed',
    start: timeOf(row, 'start') ?? times.start,
    end: timeOf(row, 'end') ?? times.end,
    ...(master
      ? { recurringEventId: master, originalStartTime: timeOf(row, 'original_start_time') }
      : {}),
    attendeeSources: master ? [id, master] : [id],
  };
}

// A series' instances depend on its row, its exception rows, the zone and the horizon, all
// of which never change, so they are expanded once and shared, frozen (and so are the
// event resources made of them, event-resource.ts). `exceptions` must be a list from
// `exceptionsOf` (or `NO_EXCEPTIONS`): its identity stands for its rows. A verifier picks
// the horizon (`timeMax`), so a series keeps at most a few of them.
const instancesBySeries = new WeakMap<
  Row,
  WeakMap<readonly Row[], Map<string, readonly Occurrence[]>>
>();
const MAX_HORIZONS_PER_SERIES = 32;

/**
 * Instances of a series starting before `horizon`: computed ones, with each exception row
 * (matched by its original start) taking the place of the instance it modifies.
 */
export function seriesInstances(
  master: Row,
  exceptions: readonly Row[],
  calendarZone: string | undefined,
  horizon: number | undefined,
): readonly Occurrence[] {
  const byExceptions = memoEntry(instancesBySeries, master, () => new WeakMap());
  const byHorizon = memoEntry(byExceptions, exceptions, () => new Map());
  const key = `${calendarZone ?? ''}\u0000${calendarZone === undefined}\u0000${horizon}`;
  let instances = byHorizon.get(key);
  if (!instances) {
    if (byHorizon.size >= MAX_HORIZONS_PER_SERIES) byHorizon.clear();
    instances = deepFreeze(expandInstances(master, exceptions, calendarZone, horizon));
    byHorizon.set(key, instances);
  }
  return instances;
}

function expandInstances(
  master: Row,
  exceptions: readonly Row[],
  calendarZone: string | undefined,
  horizon: number | undefined,
): Occurrence[] {
  const timing = timingOf(master, calendarZone);
  const masterId = text(master, 'id') ?? '';
  if (!timing) return [];
  const walls = expandSeries(
    stringList(master, 'recurrence'),
    { wall: timing.startWall, allDay: timing.allDay, timeZone: timing.timeZone },
    horizon,
  );
  const out: Occurrence[] = [];
  const used = new Set<Row>();
  for (const wall of walls) {
    const instance = occurrenceTiming(timing, wall);
    const exception = exceptions.find((row) =>
      sameOriginalStart(timeOf(row, 'original_start_time'), instance),
    );
    if (exception) {
      used.add(exception);
      const stored = storedOccurrence(exception, calendarZone);
      if (stored) out.push(stored);
      continue;
    }
    const times = eventTimes(instance);
    out.push({
      id: `${masterId}_${instanceSuffix(instance)}`,
      row: master,
      timing: instance,
      status: text(master, 'status') ?? 'confirmed',
      start: times.start,
      end: times.end,
      recurringEventId: masterId,
      originalStartTime: times.start,
      attendeeSources: [masterId],
    });
  }
  // Exceptions whose original start lies past the horizon may have moved into the window.
  for (const exception of exceptions) {
    if (used.has(exception)) continue;
    const stored = storedOccurrence(exception, calendarZone);
    if (stored && (horizon === undefined || stored.timing.startMs < horizon)) out.push(stored);
  }
  return out.sort((a, b) => a.timing.startMs - b.timing.startMs);
}

/** The exception list of a series without exceptions. */
export const NO_EXCEPTIONS: readonly Row[] = Object.freeze([]);

// Rows of one calendar in one state (indexes.ts) never change: grouped once per list.
const exceptionsByRows = new WeakMap<readonly Row[], Map<string, readonly Row[]>>();

/**
 * The exception rows of one series among a calendar's rows (`eventsOfCalendar`), the same
 * list each time for the same rows.
 */
export function exceptionsOf(rows: readonly Row[], seriesId: string): readonly Row[] {
  let bySeries = exceptionsByRows.get(rows);
  if (!bySeries) {
    const groups = new Map<string, Row[]>();
    for (const row of rows) {
      const master = text(row, 'recurring_event_id');
      if (!master) continue;
      const list = groups.get(master) ?? [];
      list.push(row);
      groups.set(master, list);
    }
    bySeries = groups;
    exceptionsByRows.set(rows, bySeries);
  }
  return bySeries.get(seriesId) ?? NO_EXCEPTIONS;
}
