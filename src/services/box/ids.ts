/**
 * A stable nine-digit Box-style id derived from a text, for objects Box always has but a
 * seed may not store (a user's Favorites collection, their enterprise): the same seed
 * always answers the same id.
 */
export function derivedId(from: string): string {
  let hash = 7;
  for (const char of from) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return String(100000000 + (hash % 900000000));
}
