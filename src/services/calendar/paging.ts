import { ApiFailure, invalidValue } from './errors.js';

/**
 * Page tokens are opaque to callers, as on the real service. Ours carry the offset and
 * the list they belong to, so a token reused on another list is refused, not misread.
 */
export interface Page<T> {
  items: T[];
  nextPageToken?: string;
}

export function paginate<T>(
  items: readonly T[],
  listName: string,
  pageToken: string | undefined,
  maxResults: number,
): Page<T> {
  const offset = pageToken === undefined ? 0 : decodeToken(pageToken, listName);
  const slice = items.slice(offset, offset + maxResults);
  const next = offset + maxResults;
  return next < items.length
    ? { items: slice, nextPageToken: encodeToken(listName, next) }
    : { items: slice };
}

function encodeToken(listName: string, offset: number): string {
  return Buffer.from(JSON.stringify([listName, offset]), 'utf8').toString('base64url');
}

function decodeToken(token: string, listName: string): number {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded[0] === listName &&
      Number.isInteger(decoded[1]) &&
      (decoded[1] as number) >= 0
    ) {
      return decoded[1] as number;
    }
  } catch {
    // fall through to the service's answer for a bad token
  }
  throw new ApiFailure(invalidValue('Invalid page token value.'));
}
