/** A map a replica memo keys on: by row or row list identity (weak), or by a text key. */
type MemoMap<K, V> = K extends object ? WeakMap<K, V> | Map<K, V> : Map<K, V>;

/**
 * The entry of `map` at `key`, made by `make` and kept on first use: the nested memos of
 * docs/replicas.md ("What a replica keeps between calls") key one level per input.
 */
export function memoEntry<K, V>(map: MemoMap<K, V>, key: K, make: () => V): V {
  const memo = map as Map<K, V>;
  let entry = memo.get(key);
  if (entry === undefined) {
    entry = make();
    memo.set(key, entry);
  }
  return entry;
}
