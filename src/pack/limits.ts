const MiB = 1024 * 1024;

/**
 * What the loader accepts before it refuses a pack (docs/pack-format.md, "Limits"). Sizes are
 * checked before a file is read, so a huge file costs nothing. The largest real data we know
 * (the imported Agent-Diff Box seed: 26 MB, file contents up to 3.1 MB per string) fits with
 * room to spare.
 */
export const PACK_LIMITS = {
  /** pack.json */
  manifestBytes: 1 * MiB,
  /** each seeds/<name>.json */
  seedBytes: 64 * MiB,
  /** each tasks/<id>.json */
  taskBytes: 16 * MiB,
  /** every file together */
  packBytes: 512 * MiB,
  /** characters of any one string (value or key) in any file */
  stringChars: 8 * MiB,
  /** nesting of objects and arrays in any file */
  depth: 64,
} as const;

export type PackLimits = typeof PACK_LIMITS;

/** `64 MiB` */
export function formatBytes(bytes: number): string {
  return bytes >= MiB ? `${Math.round((bytes / MiB) * 10) / 10} MiB` : `${bytes} bytes`;
}
