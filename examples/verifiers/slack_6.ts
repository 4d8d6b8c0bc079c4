// slack_6: everyone who answered Arjun's release-night thread in #release-train must end up in
// #release-rota; the answers are read from this run's thread, never remembered.
import { verifierOf } from './lib/common.js';
import { repliersPlan } from './lib/slack-plans.js';

export const plan = repliersPlan({
  threadChannel: 'release-train',
  parentStart: 'Release nights during the peak freeze',
  target: 'release-rota',
});
export const verify = verifierOf(plan);
