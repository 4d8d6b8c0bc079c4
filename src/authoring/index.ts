/**
 * Writing task packs in code (docs/pack-format.md, Authoring): look rows up by name in a
 * seed, build row patches the way each service's API writes them, label outcomes, and write
 * or check the generated JSON. The built-in pack's generators (scripts/) use exactly this.
 */

export * as box from './box.js';
export * as calendar from './calendar.js';
export { type DerivedCalls, deriveCalls } from './derive-calls.js';
export {
  type GeneratedFile,
  jsonText,
  type StaleFile,
  seedFile,
  staleGeneratedFiles,
  taskFile,
  writeGeneratedFiles,
} from './generated-file.js';
export { type IdSequenceOptions, idSequence } from './id-sequence.js';
export * as linear from './linear.js';
export { findRow, findRows, idOf, only, type RowMatch } from './lookup.js';
export { alternative, complete, fault, natural, outcome, prefix } from './outcomes.js';
export { declarativeReference, unchangedCheck } from './reference.js';
export { applyPatch, readSeed, seedState } from './seed-state.js';
export { brokenServiceRules } from './service-rules.js';
export * as slack from './slack.js';
