import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { reportJsonSchema } from '../../src/report/report-schema.js';
import { loadStarter, staleRule, starterReport } from './support/starter-results.js';

const SCHEMA_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../schema/report.schema.json',
);
const REGENERATE = 'npx tsx src/cli/bin.ts schema --kind report > schema/report.schema.json';

describe('report JSON Schema', () => {
  it('is the committed schema/report.schema.json (regenerate after changing the zod schema)', () => {
    const committed = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'));
    expect(committed, `schema/report.schema.json is stale; run: ${REGENERATE}`).toEqual(
      reportJsonSchema(),
    );
  });

  it('accepts a real report and rejects one without the summary', async () => {
    const pack = await loadStarter();
    const report = starterReport(pack, staleRule);
    const validate = new Ajv2020({ strict: false }).compile(reportJsonSchema());
    expect(validate(JSON.parse(JSON.stringify(report))), JSON.stringify(validate.errors)).toBe(
      true,
    );
    const { summary: _summary, ...withoutSummary } = report;
    expect(validate(withoutSummary)).toBe(false);
    expect(validate.errors?.[0]?.params).toEqual({ missingProperty: 'summary' });
  });
});
