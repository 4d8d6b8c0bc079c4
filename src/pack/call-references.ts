import type { ApiCall } from '../schema/call.js';
import type { JsonValue } from '../schema/json.js';

/** `{{N.a.b.0.c}}`: call N's response body, then a dot path into it (docs/pack-format.md). */
const REFERENCE = /\{\{([^{}]*)\}\}/g;
const WHOLE = /^\{\{([^{}]*)\}\}$/;

/** A `{{…}}` that cannot be resolved: where it is inside the call, and why. */
export interface ReferenceProblem {
  /** JSON path inside the call, e.g. `["body", "variables", "id"]`. */
  path: Array<string | number>;
  message: string;
}

export type ResolvedCall = { ok: true; call: ApiCall } | { ok: false; problem: ReferenceProblem };

/**
 * The call at `index` of a sequence with every `{{N.path}}` replaced by the value in call N's
 * response body (`responses[N]`, N < index). A string that is one whole reference takes the
 * value with its JSON type; a reference inside a longer string must be a string, number or
 * boolean, and is written as text.
 */
export function resolveCallReferences(
  call: ApiCall,
  index: number,
  responses: readonly unknown[],
): ResolvedCall {
  try {
    return { ok: true, call: substitute(call, [], index, responses) as ApiCall };
  } catch (error) {
    if (error instanceof BadReference) return { ok: false, problem: error.problem };
    throw error;
  }
}

class BadReference extends Error {
  constructor(readonly problem: ReferenceProblem) {
    super(problem.message);
  }
}

function substitute(
  value: unknown,
  at: Array<string | number>,
  index: number,
  responses: readonly unknown[],
): unknown {
  if (typeof value === 'string') return substituteString(value, at, index, responses);
  if (Array.isArray(value))
    return value.map((item, position) => substitute(item, [...at, position], index, responses));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[key] = substitute(item, [...at, key], index, responses);
    return out;
  }
  return value;
}

function substituteString(
  text: string,
  at: Array<string | number>,
  index: number,
  responses: readonly unknown[],
): unknown {
  if (!text.includes('{{')) return text;
  const whole = WHOLE.exec(text);
  if (whole) return lookUp(whole[1]!, at, index, responses);
  return text.replace(REFERENCE, (_match, reference: string) => {
    const value = lookUp(reference, at, index, responses);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return String(value);
    throw new BadReference({
      path: at,
      message: `{{${reference}}} is ${value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object'}, which cannot be written inside a longer string; make the string the reference alone to keep its JSON type`,
    });
  });
}

/** The value of one reference `N.a.b`, or a BadReference naming what is missing. */
function lookUp(
  reference: string,
  at: Array<string | number>,
  index: number,
  responses: readonly unknown[],
): JsonValue {
  const [head = '', ...segments] = reference.split('.');
  const fail = (message: string): never => {
    throw new BadReference({ path: at, message: `{{${reference}}}: ${message}` });
  };
  if (!/^\d+$/.test(head))
    fail('a reference starts with the index of an earlier call of the same list, as in {{0.id}}');
  const source = Number(head);
  if (source >= index)
    fail(
      index === 0
        ? 'the first call has no earlier call to refer to'
        : `call ${index} may refer only to calls 0-${index - 1}, not to call ${source}`,
    );
  let value: unknown = responses[source];
  const walked: string[] = [];
  for (const segment of segments) {
    if (segment === '') fail('an empty step in the path (two dots, or a trailing dot)');
    const container = value;
    if (Array.isArray(container) && /^\d+$/.test(segment)) value = container[Number(segment)];
    else if (container !== null && typeof container === 'object' && !Array.isArray(container))
      value = Object.hasOwn(container, segment)
        ? (container as Record<string, unknown>)[segment]
        : undefined;
    else value = undefined;
    if (value === undefined)
      fail(
        `the response of call ${source} has nothing at ${[...walked, segment].join('.')}${describeContainer(container, walked)}`,
      );
    walked.push(segment);
  }
  return value as JsonValue;
}

function describeContainer(container: unknown, walked: readonly string[]): string {
  const where = walked.length === 0 ? 'its body' : walked.join('.');
  if (Array.isArray(container)) return ` (${where} is an array of ${container.length})`;
  if (container !== null && typeof container === 'object')
    return ` (${where} has ${Object.keys(container).join(', ') || 'no members'})`;
  return ` (${where} is ${JSON.stringify(container)})`;
}
