// Generates the built-in Slack tasks (fixtures/packs/builtin/tasks/slack_*.json) from the
// built-in seed: one file per task family under slack/. A state is described with
// the `slack` row builders of agentproofbench/authoring, ids looked up by name in the seed; slackTask
// (./slack/task.ts) reads each non-natural outcome as the actor's Web API calls and writes
// them with the rows the Slack write model derives, so an unreachable state fails generation.
// packs/generate.ts runs it.

import { type GeneratedFile, taskFile } from 'agentproofbench/authoring';
import { BUILTIN_PACK } from '../../lib/generator.js';
import { addAndWelcome } from './slack/add-and-welcome.js';
import { appendToOwnMessage } from './slack/append-to-own-message.js';
import { appendToOwnReply } from './slack/append-to-own-reply.js';
import { appendToTopic } from './slack/append-to-topic.js';
import { archiveTempChannels } from './slack/archive-temp-channels.js';
import { copyTopic } from './slack/copy-topic.js';
import { inviteCommanders } from './slack/invite-commanders.js';
import { inviteGuestByName } from './slack/invite-guest-by-name.js';
import { slack5, slack6 } from './slack/invite-repliers.js';
import { slack9, slack10 } from './slack/mention-topic-setter.js';
import { reactLikeColleague } from './slack/react-like-colleague.js';
import { slack7, slack8 } from './slack/remove-deactivated.js';
import { topicFromMessage } from './slack/topic-from-message.js';

/** The built-in Slack task files, in task order. */
export function generate(): GeneratedFile[] {
  return [
    inviteCommanders(),
    copyTopic(),
    addAndWelcome(),
    appendToOwnMessage(),
    slack5(),
    slack6(),
    slack7(),
    slack8(),
    slack9(),
    slack10(),
    appendToOwnReply(),
    topicFromMessage(),
    appendToTopic(),
    reactLikeColleague(),
    archiveTempChannels(),
    inviteGuestByName(),
  ].map((task) => taskFile(BUILTIN_PACK, task));
}
