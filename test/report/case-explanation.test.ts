import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProofBenchMatchers } from '../../matchers/index.js';
import type { PackHandle } from '../../src/pack/pack-handle.js';
import { errorRecord, starterBench } from '../matchers/support.js';

expect.extend(agentProofBenchMatchers);

const HOSTILE = path.resolve(
  import.meta.dirname,
  '../../fixtures/verifiers/hostile/terminal-escapes.ts',
);

/** Any character a terminal acts on, apart from the line breaks of the message itself. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * The raw message of a failed matcher call from `Expected:` on: the matcher hint above it
 * has Vitest's own colours (support.ts's failureMessage strips every escape, so it could
 * not see the verifier's).
 */
async function rawMessage(assertion: () => Promise<unknown>): Promise<string> {
  try {
    await assertion();
  } catch (error) {
    const message = (error as Error).message;
    return message.slice(message.indexOf('\nExpected:'));
  }
  return expect.fail('the matcher passed, but a failure was expected');
}

describe('explanations of a case in tdd mode', () => {
  let bench: PackHandle;
  beforeAll(async () => {
    bench = await starterBench();
  });

  it("shows a verifier's check names, details and explanation with their control sequences escaped", async () => {
    const fault = bench.task('starter_2').outcome('related', 'other-priya');
    const message = await rawMessage(() => expect(HOSTILE).toRejectFault(fault));
    expect(message).not.toMatch(CONTROL);
    expect(message).toContain(
      '  ✓ assignee kept\\x1b[2K\\r\\x1b[32m✓ every gate passed\\x1b[0m — \\x1b[1A\\x1b[2K\\r',
    );
    expect(message).toContain('  ✓ status\\u202e kept');
    // The explanation's own line break stays, indented under it: no line of its own.
    expect(message).toContain(
      'Verifier explanation: looked at the issue\n  \\x1b[32m✓ every gate passed\\x1b[0m\\r\\x1b[2K',
    );
    expect(message.split('\n').some((line) => line.startsWith('✓'))).toBe(false);
  });

  it("shows a verifier's error kind and message with their control sequences escaped", async () => {
    const fault = bench.task('starter_1').outcome('source', 'parts-order-too');
    const message = await rawMessage(() =>
      expect(
        errorRecord('exception', 'boom\n\u001b[2K\u001b[32m✓ every gate passed\u001b[0m'),
      ).toRejectFault(fault),
    );
    expect(message).not.toMatch(CONTROL);
    expect(message).toContain(
      'Received: error (exception): boom\\n\\x1b[2K\\x1b[32m✓ every gate passed\\x1b[0m',
    );
  });
});
