// Moved to packs/generate.ts (`npx tsx packs/generate.ts [--check]`); this path still runs it
// until the rest of scripts/ moves into packs/ (MOVE-REST.md).
await import('../../packs/generate.js');
