// Where the built-in packs' generators read and write. Every generator module exports
// `generate()` (its files, written by packs/generate.ts) or, for packs made of copied and
// edited trees, `writeInto(root)`; nothing writes on import.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: generated file paths are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built-in pack's folder, relative to the repository root. */
export const BUILTIN_PACK = 'fixtures/packs/builtin';

/**
 * Generator modules, relative to the repository root, in the order their outputs are read by
 * the next ones (the executions read the tasks; starter-executions copies the starter pack).
 */
export const GENERATORS = [
  'packs/builtin/seeds/linear.ts',
  'packs/builtin/seeds/slack.ts',
  'packs/builtin/seeds/box.ts',
  'packs/builtin/seeds/calendar.ts',
  'packs/builtin/tasks/linear.ts',
  'packs/builtin/tasks/slack.ts',
  'packs/builtin/tasks/box.ts',
  'packs/builtin/tasks/calendar.ts',
  'packs/builtin/executions.ts',
  'packs/builtin/manifest.ts',
  'packs/builtin/readme.ts',
  'packs/starter/index.ts',
  'packs/starter-executions/index.ts',
  'packs/broken/index.ts',
] as const;

/** Folders that only generators write: every committed file under them must be produced. */
export const GENERATED_PATHS = [
  'fixtures/packs/builtin',
  'fixtures/packs/starter',
  'fixtures/packs/starter-executions',
  'fixtures/packs/broken',
  'fixtures/packs/broken-executions',
] as const;
