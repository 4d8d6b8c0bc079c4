// Broken packs for the two Slack states no user can produce (docs/pack-format.md, "Outcomes as
// API calls"): each writes a fault outcome as the actor's calls, and the Slack write model
// refuses one of them with Slack's own error. Both start from the mini Slack pack of
// broken-invariants.ts. Used by broken.ts.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiCall } from 'agentproofbench/authoring';
import { miniPacks } from './invariants.js';

// biome-ignore lint/suspicious/noExplicitAny: the fixtures are edited as untyped JSON on purpose
type Json = any;

const edit = (dir: string, file: string, change: (data: Json) => void) => {
  const target = path.join(dir, file);
  const data = JSON.parse(readFileSync(target, 'utf8'));
  change(data);
  writeFileSync(target, `${JSON.stringify(data, null, 2)}\n`);
};

const slack = (method: string, body: Record<string, string>): ApiCall => ({
  method: 'POST',
  path: `/${method}`,
  body,
});

/** The mini Slack pack with a call clock and its source fault replaced by `calls`. */
const withFaultCalls =
  (id: string, description: string, calls: ApiCall[], seedChange?: (seed: Json) => void) =>
  (dir: string) => {
    miniPacks.slack!(dir);
    edit(dir, 'pack.json', (pack) => {
      pack.calls = { start: '2026-04-14T09:00:00Z', stepMs: 1000, idSeed: 'mini-slack' };
    });
    if (seedChange) edit(dir, 'seeds/mini-slack.json', seedChange);
    edit(dir, 'tasks/slack_mini.json', (task) => {
      task.outcomes.source[1] = {
        id,
        role: 'fault',
        label: 'invalid',
        fault: 'preservation',
        description,
        calls,
      };
    });
  };

const TOP = '1790000000.000100';

/** `fixtures/packs/broken/calls-slack-*`: each refused with Slack's error at the call's path. */
export const slackCallCases: Record<string, (dir: string) => void> = {
  // Only a reaction's author can remove it: Kofi's :eyes: is `no_reaction` for Ida.
  'calls-slack-remove-others-reaction': withFaultCalls(
    'removed-kofis-reaction',
    "posted the reply and removed Kofi's :eyes: from the question",
    [
      slack('chat.postMessage', { channel: 'C-OPS', thread_ts: TOP, text: 'The door is fixed.' }),
      slack('reactions.remove', { channel: 'C-OPS', timestamp: TOP, name: 'eyes' }),
    ],
    (seed) => {
      seed.tables.message_reactions = {
        key: ['message_id', 'user_id', 'reaction_type'],
        rows: [{ message_id: TOP, user_id: 'U-KOFI', reaction_type: 'eyes' }],
      };
    },
  ),
  // Leaving an archived channel is refused (`is_archived`); leaving first, archiving is
  // `not_in_channel`: no order of calls leaves the actor outside an archived channel.
  'calls-slack-left-archived-channel': withFaultCalls(
    'archived-and-left',
    'posted the reply, archived #ops and left it',
    [
      slack('chat.postMessage', { channel: 'C-OPS', thread_ts: TOP, text: 'The door is fixed.' }),
      slack('conversations.archive', { channel: 'C-OPS' }),
      slack('conversations.leave', { channel: 'C-OPS' }),
    ],
  ),
};
