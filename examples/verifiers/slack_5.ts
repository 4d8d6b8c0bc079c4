// slack_5: everyone who replied in the thread under the actor's night shift audit message in
// #site-ops must end up in #night-audit. The repliers are read from this run's thread
// (conversations.replies: replies are not in history; edited replies count), never remembered.
import { verifierOf } from './lib/common.js';
import { repliersPlan } from './lib/slack-plans.js';

export const plan = repliersPlan({
  threadChannel: 'site-ops',
  parentStart: 'Night shift audit of Docks 1–8 next week',
  target: 'night-audit',
});
export const verify = verifierOf(plan);
