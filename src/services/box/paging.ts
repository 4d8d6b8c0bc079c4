import type { ApiRequest } from '../api.js';
import { queryString } from './query.js';

const MAX_OFFSET = 9999;

export interface OffsetPage {
  offset: number;
  limit: number;
}

/**
 * Box's offset paging: `limit` above the endpoint's maximum is clamped (as Box does),
 * anything that is not a non-negative integer is a 400 naming the parameter.
 */
export function readOffsetPage(
  request: ApiRequest,
  defaultLimit: number,
  maxLimit: number,
): OffsetPage | string {
  const offset = readNonNegativeInteger(request, 'offset', 0);
  if (typeof offset === 'string') return offset;
  // Box refuses offset paging past 9,999 (developer.box.com/guides/api-calls/pagination);
  // an offset past the end of the list but below that is a 200 with no entries.
  if (offset > MAX_OFFSET)
    return `Invalid value '${offset}'. The offset must not exceed the maximum offset of ${MAX_OFFSET}`;
  const limit = readNonNegativeInteger(request, 'limit', defaultLimit);
  if (typeof limit === 'string') return limit;
  return { offset, limit: Math.min(limit, maxLimit) };
}

function readNonNegativeInteger(
  request: ApiRequest,
  name: string,
  fallback: number,
): number | string {
  const raw = queryString(request.query?.[name]);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw))
    return `Invalid value '${raw}' for query parameter '${name}': expected a non-negative integer`;
  return Number(raw);
}

/** The page of `all` that `page` asks for. */
export function slicePage<T>(all: readonly T[], page: OffsetPage): T[] {
  return all.slice(page.offset, page.offset + page.limit);
}
