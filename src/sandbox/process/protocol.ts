// Messages of the process runtime's JSON-lines protocol (docs/process-protocol.md).

import type { PublicTask } from '../../contract/verifier.js';
import type { ApiRequest, ApiResponse } from '../../services/api.js';

export const PROTOCOL_VERSION = 1;

/** Host → verifier. */
export type HostMessage =
  | { type: 'start'; protocol: typeof PROTOCOL_VERSION; task: PublicTask }
  | { type: 'response'; id: number; response: ApiResponse };

/**
 * The `response` message for an answer already serialised (`EvaluationSession.serveParsed`),
 * byte for byte what `JSON.stringify` writes for `{type: 'response', id, response}`.
 */
export function responseMessageText(id: number, responseJson: string): string {
  return `{"type":"response","id":${JSON.stringify(id)},"response":${responseJson}}`;
}

/** Verifier → host. */
export type VerifierMessage =
  | { type: 'hello' }
  | { type: 'call'; id: number; side: 'before' | 'after'; request: ApiRequest }
  | { type: 'result'; result: unknown }
  | { type: 'error'; kind: 'exception' | 'malformed' | 'memory'; message: string };

const REPORTABLE_KINDS = ['exception', 'malformed', 'memory'];

/** Parse one stdout line, or say why it is not a protocol message (the run is then a `crash`). */
export function parseVerifierMessage(
  line: string,
): { ok: true; message: VerifierMessage } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, error: `stdout line is not JSON: ${JSON.stringify(line.slice(0, 60))}` };
  }
  const message = value as Record<string, unknown> | null;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { ok: false, error: 'stdout line is not a protocol message object' };
  }
  switch (message.type) {
    case 'hello':
      return { ok: true, message: { type: 'hello' } };
    case 'call':
      if (!Number.isInteger(message.id)) return { ok: false, error: 'call without an integer id' };
      if (message.side !== 'before' && message.side !== 'after')
        return { ok: false, error: 'call side must be "before" or "after"' };
      if (typeof message.request !== 'object' || message.request === null)
        return { ok: false, error: 'call without a request object' };
      return { ok: true, message: message as VerifierMessage };
    case 'result':
      return 'result' in message
        ? { ok: true, message: message as VerifierMessage }
        : { ok: false, error: 'result message without a result' };
    case 'error':
      if (
        typeof message.kind !== 'string' ||
        !REPORTABLE_KINDS.includes(message.kind) ||
        typeof message.message !== 'string'
      ) {
        return {
          ok: false,
          error: `error message must have kind ${REPORTABLE_KINDS.join('|')} and a message string`,
        };
      }
      return { ok: true, message: message as VerifierMessage };
    default:
      return { ok: false, error: `unknown message type ${JSON.stringify(message.type)}` };
  }
}
