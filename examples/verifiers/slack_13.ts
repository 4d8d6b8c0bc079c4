// slack_13: #site-ops's topic keeps its current text (read from the before-state) and ends
// with the note; any separator is fine. Nothing else about any channel changes.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';
import { allChannels, changedChannels, onlyNamed, type SlackObject } from './lib/slack.js';

const NOTE = 'Dock 7 closed until Friday';

export interface Seen {
  channelsBefore: SlackObject[];
  siteOps: SlackObject;
}

async function read({ before }: Run): Promise<Seen> {
  const channelsBefore = await allChannels(before);
  return { channelsBefore, siteOps: onlyNamed(channelsBefore, 'site-ops') };
}

/** The topic to keep: #site-ops's in this run's before-state. */
function required({ siteOps }: Seen): string {
  return String(siteOps.topic?.value ?? '');
}

async function judge(
  { channelsBefore, siteOps }: Seen,
  kept: string,
  { after }: Run,
): Promise<VerifierResult> {
  const channelsAfter = await allChannels(after);
  const siteOpsAfter = channelsAfter.find((channel) => channel.id === siteOps.id);
  const topic = String(siteOpsAfter?.topic?.value ?? '');
  const others = changedChannels(channelsBefore, channelsAfter, [String(siteOps.id)]);
  return verdictOf(
    [
      {
        name: 'the current topic is kept',
        ok: topic.startsWith(kept),
        detail: `kept ${JSON.stringify(kept)}`,
      },
      {
        name: 'the topic ends with the note',
        ok: topic.endsWith(NOTE),
        detail: JSON.stringify(topic),
      },
      {
        name: 'purpose, name and archive state unchanged',
        ok:
          siteOpsAfter?.purpose?.value === siteOps.purpose?.value &&
          siteOpsAfter?.name === siteOps.name &&
          siteOpsAfter?.is_archived === siteOps.is_archived,
        detail: JSON.stringify(siteOpsAfter?.purpose?.value),
      },
      {
        name: 'no other channel changed',
        ok: others.length === 0,
        detail: others.join(', ') || 'none',
      },
    ],
    "Compared #site-ops's topic after the run with its topic in the before-state.",
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
