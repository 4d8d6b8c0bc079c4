import { describe, expect, it } from 'vitest';
import { loadAgentDiffSeed, seedNames } from '../../../src/import/agent-diff/seed-files.js';
import { MINI_DIR } from './support/mini.js';

describe('Agent-Diff seed files', () => {
  it("lists a service's seed templates", async () => {
    expect(await seedNames(MINI_DIR, 'linear')).toEqual(['quill_base', 'quill_busy']);
    expect(await seedNames(MINI_DIR, 'slack')).toEqual([]);
  });

  it("loads a template with the service's table keys, adding tables the template lacks", async () => {
    const { seed, skippedTables } = await loadAgentDiffSeed(MINI_DIR, 'linear', 'quill_base');
    expect(skippedTables).toEqual([]);
    expect(seed.tables.issue_label_issue_association!.key).toEqual(['issue_id', 'issue_label_id']);
    expect(seed.tables.issues!.rows.map((row) => row.identifier)).toEqual(['PRD-1', 'PRD-2']);
  });

  it('names the file it expected for a missing template', async () => {
    await expect(loadAgentDiffSeed(MINI_DIR, 'box', 'quill_box')).rejects.toThrow(
      /seed template "quill_box" not found: expected .*seeds\/box\/quill_box\.json/,
    );
  });
});
