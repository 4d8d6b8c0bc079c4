// slack_16: the active account named Kai Brandt (compared without case or extra spaces: the
// account was typed as "kai brandt") joins #dock-safety; his deactivated old account and
// Kai Berger are other people. Nobody else joins or leaves.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
  listed,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';
import { allChannels, allUsers, memberIds, onlyNamed, type SlackObject } from './lib/slack.js';

export interface Seen {
  dock: string;
  kais: SlackObject[];
}

const normalised = (name: unknown): string =>
  String(name ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

async function read({ before }: Run): Promise<Seen> {
  const dock = String(onlyNamed(await allChannels(before), 'dock-safety').id);
  const kais = (await allUsers(before)).filter(
    (user) => user.deleted !== true && normalised(user.real_name) === 'kai brandt',
  );
  if (kais.length !== 1)
    throw new AmbiguousNameError(`expected one active Kai Brandt, found ${kais.length}`);
  return { dock, kais };
}

/** Kai Brandt's active account in this run's before-state. */
function required({ kais }: Seen): string {
  return String(kais[0]!.id);
}

async function judge({ dock }: Seen, kai: string, { before, after }: Run): Promise<VerifierResult> {
  const [membersBefore, membersAfter] = await Promise.all([
    memberIds(before, dock),
    memberIds(after, dock),
  ]);
  const added = membersAfter.filter((id) => !membersBefore.includes(id));
  const removed = membersBefore.filter((id) => !membersAfter.includes(id));
  return verdictOf(
    [
      {
        name: 'Kai Brandt is in #dock-safety',
        ok: membersAfter.includes(kai),
        detail: `Kai Brandt is ${kai}`,
      },
      {
        name: 'nobody else joined or left',
        ok: added.every((id) => id === kai) && removed.length === 0,
        detail: `added ${listed(added)}; removed ${listed(removed)}`,
      },
    ],
    `Resolved Kai Brandt among active accounts by normalised name (${kai}) and compared #dock-safety before and after.`,
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
