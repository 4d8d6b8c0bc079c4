import type { ApiRequest } from '../api.js';

/**
 * Web API arguments as Slack reads them: query string and body merged (the body wins),
 * every value a string. Bodies may be JSON objects or form-encoded strings.
 */
export type SlackParams = ReadonlyMap<string, string>;

function scalar(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Slack takes lists as comma-separated strings (e.g. `types`).
  if (Array.isArray(value)) return value.map((item) => scalar(item) ?? '').join(',');
  return JSON.stringify(value);
}

/**
 * Arguments Slack documents as JSON (`blocks`, `attachments`, `metadata`): a JSON body may
 * carry them as JSON values, a form body as JSON text; both read as the JSON text.
 */
const JSON_ARGUMENTS = new Set(['blocks', 'attachments', 'metadata']);

export function readParams(request: ApiRequest): SlackParams {
  const params = new Map<string, string>();
  const put = (name: string, value: unknown): void => {
    const converted =
      JSON_ARGUMENTS.has(name) && typeof value === 'object' && value !== null
        ? JSON.stringify(value)
        : scalar(value);
    if (converted !== undefined) params.set(name, converted);
  };
  for (const [name, value] of Object.entries(request.query ?? {})) put(name, value);
  const body = request.body;
  if (typeof body === 'string') {
    const trimmed = body.trim();
    if (trimmed.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        if (parsed && typeof parsed === 'object')
          for (const [name, value] of Object.entries(parsed)) put(name, value);
      } catch {
        // Not JSON after all: Slack ignores a body it cannot parse.
      }
    } else {
      for (const [name, value] of new URLSearchParams(trimmed)) put(name, value);
    }
  } else if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) put(name, value);
  }
  return params;
}

/** Slack's boolean arguments accept `true`/`1` (and false/0); anything else is the default. */
export function booleanParam(params: SlackParams, name: string, fallback: boolean): boolean {
  const value = params.get(name)?.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fallback;
}

/** A positive integer argument clamped to Slack's maximum; absent, zero or junk gives the default. */
export function limitParam(
  params: SlackParams,
  name: string,
  fallback: number,
  max: number,
): number {
  const raw = params.get(name);
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value <= 0) return fallback;
  return Math.min(value, max);
}

/** A non-empty string argument, or undefined. */
export function stringParam(params: SlackParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  return value ? value : undefined;
}
