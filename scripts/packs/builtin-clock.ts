// Moved to packs/builtin/clock.ts; the generators still under scripts/ import it from here
// until they move too (MOVE-REST.md).
export { BUILTIN_CALL_CLOCK } from '../../packs/builtin/clock.js';
