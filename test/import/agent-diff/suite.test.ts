import { describe, expect, it } from 'vitest';
import { parseSuite, SuiteFileError } from '../../../src/import/agent-diff/suite.js';

describe('parseSuite', () => {
  it('accepts the suite layout, numeric user ids included, keeping unknown fields', () => {
    const suite = parseSuite(
      {
        id: 'press-bench',
        service: 'box',
        ignore_fields: { global: ['etag'] },
        tests: [
          {
            id: 'test_1',
            prompt: 'Make a folder.',
            seed_template: 'press',
            impersonate_user_id: 5501,
            assertions: [],
            metadata: { horizon: 1 },
          },
        ],
      },
      'press.json',
    );
    expect(suite.tests[0]).toMatchObject({ impersonate_user_id: '5501', metadata: { horizon: 1 } });
  });

  it('rejects another shape, naming the file and the missing fields', () => {
    const parse = () => parseSuite({ id: 'x', service: 'jira', tests: [{ id: 't' }] }, 'x.json');
    expect(parse).toThrow(SuiteFileError);
    expect(parse).toThrow(/x\.json is not an Agent-Diff suite .*service: .*tests\.0\.prompt/);
  });
});
