// The recurrence a constructed Calendar event gets: the RRULE an assertion reads, completed with
// what the instruction says about the series (docs/agent-diff.md, "Recurrence"). An assertion
// such as `recurrence contains FREQ=WEEKLY` accepts an endless series, but "every Tuesday … for
// 6 weeks" asks for six: a complete outcome must do what the instruction asks.

export type RecurrenceRead = { ok: true; rule: string } | { ok: false; reason: string };

const WEEKDAYS: Readonly<Record<string, string>> = {
  monday: 'MO',
  tuesday: 'TU',
  wednesday: 'WE',
  thursday: 'TH',
  friday: 'FR',
  saturday: 'SA',
  sunday: 'SU',
};
const WEEKDAY_OF_INDEX = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** The unit each frequency counts in, so "for 6 weeks" on a weekly rule is six occurrences. */
const UNIT_OF_FREQ: Readonly<Record<string, string>> = {
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
  YEARLY: 'year',
};

const NUMBER = '(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const SPAN = new RegExp(`\\bfor (?:the next )?${NUMBER} (day|week|month|year)s?\\b`, 'gi');
const TIMES = new RegExp(`\\b${NUMBER} (?:times|occurrences|sessions|instances)\\b`, 'gi');
const END_WORDS = /\b(?:until|through|thru|ending on|ends on)\b/i;
const EVERY_DAYS =
  /\bevery ((?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?(?:,? (?:and )?)?)+)/gi;

/**
 * Completes `rule` (`RRULE:FREQ=…`, as the assertion reads it) from the instruction's sentences
 * that name the event (`summary`; the whole instruction when none does): "for N weeks" (the
 * rule's own unit) or "N times" -> COUNT=N; "every Tuesday" on a weekly rule -> BYDAY=TU, when
 * the series' first day (`startDate`, YYYY-MM-DD) is one of those days. Parts are appended, so
 * a `contains` operand on the rule still matches. Refused when the instruction bounds the
 * series in a way that cannot be read safely (an end date, a span in another unit, two
 * different counts) or contradicts the rule.
 */
export function completeRecurrence(
  rule: string,
  summary: string | undefined,
  instruction: string,
  startDate: string | undefined,
): RecurrenceRead {
  const parts = new Map(
    rule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((part) => part.split('=') as [string, string]),
  );
  const freq = parts.get('FREQ')?.toUpperCase();
  if (!freq) return { ok: false, reason: 'recurrence: the rule has no FREQ' };
  const scope = sentencesNaming(instruction, summary);
  const added: string[] = [];

  const counts = new Set<number>();
  for (const match of scope.matchAll(SPAN)) {
    const unit = match[2]?.toLowerCase();
    if (unit !== UNIT_OF_FREQ[freq] || (parts.get('INTERVAL') ?? '1') !== '1')
      return {
        ok: false,
        reason: `recurrence: the instruction asks "${match[0]}" of a ${freq} rule; no COUNT is read off it`,
      };
    counts.add(numberOf(match[1] as string));
  }
  for (const match of scope.matchAll(TIMES)) counts.add(numberOf(match[1] as string));
  const bounded = parts.has('COUNT') || parts.has('UNTIL');
  if (counts.size > 1)
    return { ok: false, reason: `recurrence: the instruction gives ${counts.size} counts` };
  const [count] = [...counts];
  if (count !== undefined) {
    if (bounded && parts.get('COUNT') !== String(count))
      return {
        ok: false,
        reason: `recurrence: the rule's end differs from the instruction's ${count}`,
      };
    if (!bounded) added.push(`COUNT=${count}`);
  } else if (!bounded && END_WORDS.test(scope))
    return {
      ok: false,
      reason: 'recurrence: the instruction ends the series on a date no recipe reads off',
    };

  if (freq === 'WEEKLY') {
    const days = new Set<string>();
    for (const match of scope.matchAll(EVERY_DAYS))
      for (const word of (match[1] as string).toLowerCase().match(/[a-z]+day/g) ?? [])
        days.add(WEEKDAYS[word] as string);
    if (days.size > 0) {
      const byDay = parts.get('BYDAY');
      const wanted = [...days];
      if (byDay !== undefined) {
        if (byDay.split(',').sort().join(',') !== wanted.sort().join(','))
          return {
            ok: false,
            reason: `recurrence: the rule's BYDAY=${byDay} differs from the instruction's days`,
          };
      } else {
        const first = startDate
          ? WEEKDAY_OF_INDEX[new Date(`${startDate}T12:00:00Z`).getUTCDay()]
          : undefined;
        if (!first || !days.has(first))
          return {
            ok: false,
            reason: `recurrence: the series starts on ${startDate ?? 'an unknown day'}, not on the instruction's ${wanted.join(',')}`,
          };
        added.push(`BYDAY=${wanted.join(',')}`);
      }
    }
  }
  const head = rule.startsWith('RRULE:') ? rule : `RRULE:${rule}`;
  return { ok: true, rule: [head, ...added].join(';') };
}

function numberOf(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : (NUMBER_WORDS[text.toLowerCase()] as number);
}

/** The instruction's sentences naming the event (case-insensitive), else the whole instruction. */
function sentencesNaming(instruction: string, summary: string | undefined): string {
  if (!summary) return instruction;
  const name = summary.toLowerCase();
  const naming = instruction
    .split(/(?<=[.!?])\s+(?=[A-Z'"(])/)
    .filter((sentence) => sentence.toLowerCase().includes(name));
  return naming.length > 0 ? naming.join(' ') : instruction;
}
