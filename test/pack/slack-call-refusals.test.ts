import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPack } from '../../src/pack/load.js';
import { formatJsonPath } from '../../src/pack/pack-error.js';

const broken = path.resolve(import.meta.dirname, '../../fixtures/packs/broken');
const scratch = mkdtempSync(path.join(tmpdir(), 'apb-slack-calls-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const errorsOf = async (dir: string) => {
  const result = await loadPack(dir);
  if (result.ok) throw new Error(`expected ${dir} to be refused`);
  return result.errors.map((error) => ({
    file: error.file,
    at: formatJsonPath(error.path),
    code: error.code,
    message: error.message,
  }));
};

// The two Slack states no user can produce (packs/broken/calls-slack.ts): each is
// refused with exactly one error, naming the file, the call's JSON path and Slack's error.
describe('Slack states written as impossible calls', () => {
  it("removing another user's reaction is no_reaction", async () => {
    expect(await errorsOf(path.join(broken, 'calls-slack-remove-others-reaction'))).toEqual([
      {
        file: 'tasks/slack_mini.json',
        at: '$.outcomes.source[1].calls[1]',
        code: 'call_refused',
        message:
          'slack_mini source/removed-kofis-reaction, call 1 (POST /reactions.remove) refused: no_reaction (HTTP 200)',
      },
    ]);
  });

  it('leaving an archived channel is is_archived', async () => {
    expect(await errorsOf(path.join(broken, 'calls-slack-left-archived-channel'))).toEqual([
      {
        file: 'tasks/slack_mini.json',
        at: '$.outcomes.source[1].calls[2]',
        code: 'call_refused',
        message:
          'slack_mini source/archived-and-left, call 2 (POST /conversations.leave) refused: is_archived (HTTP 200)',
      },
    ]);
  });

  it('leaving first and archiving after is not_in_channel: no order reaches the state', async () => {
    const dir = path.join(scratch, 'left-then-archived');
    cpSync(path.join(broken, 'calls-slack-left-archived-channel'), dir, { recursive: true });
    const file = path.join(dir, 'tasks/slack_mini.json');
    const task = JSON.parse(readFileSync(file, 'utf8'));
    const calls = task.outcomes.source[1].calls;
    task.outcomes.source[1].calls = [calls[0], calls[2], calls[1]];
    writeFileSync(file, JSON.stringify(task, null, 2));
    expect(await errorsOf(dir)).toEqual([
      expect.objectContaining({
        at: '$.outcomes.source[1].calls[2]',
        code: 'call_refused',
        message: expect.stringContaining('(POST /conversations.archive) refused: not_in_channel'),
      }),
    ]);
  });
});
