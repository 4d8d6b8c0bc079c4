import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { VerifierResult, VerifyFunction } from '../../../../src/contract/verifier.js';
import {
  constructPack,
  writeQualifiedConstruction,
} from '../../../../src/import/agent-diff/construct/construct-pack.js';
import { importAgentDiff } from '../../../../src/import/agent-diff/import-pack.js';
import { loadPackOrThrow } from '../../../../src/pack/load.js';
import type { Pack } from '../../../../src/pack/pack.js';
import type { ApiClient } from '../../../../src/services/client.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../../support/shared.js';
import { namedCasesOf, wrongCases } from '../../../support/verifier-harness.js';

// Verifiers written for constructed Agent-Diff tasks, two per service: each correct one resolves
// what the instruction names from the run's own before-state; its stale copy keeps the literal
// ids and values of the source state. Ids and names below are what the public instruction says.

type Node = Record<string, unknown>;
const verdict = (ok: boolean, why: string): VerifierResult => ({
  verdict: ok ? 'pass' : 'fail',
  explanation: why,
});

// ------------------------------------------------------------------ Linear

const ISSUES = `query { issues(first: 250) { nodes { id identifier title description priority
  assignee { id } state { id } team { id } } } users(first: 250) { nodes { id name } } }`;
async function linearRead(client: ApiClient): Promise<{ issues: Node[]; users: Node[] }> {
  const body = (await client.graphql(ISSUES)) as {
    data: { issues: { nodes: Node[] }; users: { nodes: Node[] } };
  };
  return { issues: body.data.issues.nodes, users: body.data.users.nodes };
}
const idOf = (node: unknown) => (node as { id?: string } | null)?.id ?? null;
const sameIssue = (a: Node, b: Node, except: string[]) =>
  ['title', 'description', 'priority', 'assignee', 'state', 'team']
    .filter((field) => !except.includes(field))
    .every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));

/** linear_3: "Assign issue ENG-2 to John Doe". */
function assignVerifier(literalUser?: string): VerifyFunction {
  return async (_task, before, after) => {
    const was = await linearRead(before);
    const now = await linearRead(after);
    const johns = was.users.filter((user) => user.name === 'John Doe');
    if (!literalUser && johns.length !== 1)
      return { verdict: 'unknown', explanation: 'no single John Doe' };
    const john = literalUser ?? String(johns[0]!.id);
    for (const issue of now.issues) {
      const old = was.issues.find((candidate) => candidate.id === issue.id);
      if (!old) return verdict(false, `a new issue ${String(issue.identifier)}`);
      if (issue.identifier === 'ENG-2') {
        if (idOf(issue.assignee) !== john)
          return verdict(false, 'ENG-2 is not assigned to John Doe');
        if (!sameIssue(old, issue, ['assignee']))
          return verdict(false, 'ENG-2 changed beyond its assignee');
      } else if (!sameIssue(old, issue, []))
        return verdict(false, `${String(issue.identifier)} changed`);
    }
    return verdict(true, 'ENG-2 assigned to John Doe, nothing else changed');
  };
}

/** linear_6: "Change the priority of issue ENG-1 to Urgent" (Urgent is priority 1). */
function priorityVerifier(literalTitle?: string): VerifyFunction {
  return async (_task, before, after) => {
    const was = await linearRead(before);
    const now = await linearRead(after);
    for (const issue of now.issues) {
      const old = was.issues.find((candidate) => candidate.id === issue.id);
      if (!old) return verdict(false, `a new issue ${String(issue.identifier)}`);
      if (issue.identifier === 'ENG-1') {
        if (issue.priority !== 1) return verdict(false, 'ENG-1 is not Urgent');
        const title = literalTitle ?? old.title;
        if (issue.title !== title) return verdict(false, 'ENG-1 lost its title');
        if (!sameIssue(old, issue, ['priority', 'title']))
          return verdict(false, 'ENG-1 changed beyond its priority');
      } else if (!sameIssue(old, issue, []))
        return verdict(false, `${String(issue.identifier)} changed`);
    }
    return verdict(true, 'ENG-1 is Urgent, everything else kept');
  };
}

// ------------------------------------------------------------------ Slack

async function slackChannels(client: ApiClient): Promise<Node[]> {
  const body = (await client.get('/conversations.list', {
    types: 'public_channel,private_channel',
    limit: 1000,
  })) as { channels: Node[] };
  return body.channels;
}
async function history(client: ApiClient, channel: string): Promise<Node[]> {
  const body = (await client.get('/conversations.history', { channel, limit: 1000 })) as {
    ok: boolean;
    messages?: Node[];
  };
  return body.messages ?? [];
}

/** slack_57: "Send a 'hello' message to the general channel". */
function helloVerifier(literalChannel?: string): VerifyFunction {
  return async (_task, before, after) => {
    const channels = await slackChannels(before);
    const general = channels.filter((channel) => channel.name === 'general');
    if (!literalChannel && general.length !== 1)
      return { verdict: 'unknown', explanation: 'no single #general' };
    const target = literalChannel ?? String(general[0]!.id);
    const added: Array<{ channel: string; text: string }> = [];
    for (const channel of channels) {
      const id = String(channel.id);
      const old = new Set((await history(before, id)).map((message) => message.ts));
      for (const message of await history(after, id))
        if (!old.has(message.ts)) added.push({ channel: id, text: String(message.text ?? '') });
    }
    if (added.length !== 1) return verdict(false, `${added.length} new messages, expected one`);
    const [message] = added;
    return verdict(
      message!.channel === target && message!.text.toLowerCase().includes('hello'),
      'one new message, in #general, saying hello',
    );
  };
}

async function members(client: ApiClient, channel: string): Promise<string[]> {
  const body = (await client.get('/conversations.members', { channel, limit: 1000 })) as {
    members?: string[];
  };
  return body.members ?? [];
}

/** slack_61: "Add Morgan Stanley to the 'random' channel". */
function inviteVerifier(literalUser?: string): VerifyFunction {
  return async (_task, before, after) => {
    const users = ((await before.get('/users.list', { limit: 1000 })) as { members: Node[] })
      .members;
    const morgan = users.filter((user) => user.real_name === 'Morgan Stanley');
    const channels = await slackChannels(before);
    const random = channels.filter((channel) => channel.name === 'random');
    if (random.length !== 1 || (!literalUser && morgan.length !== 1))
      return { verdict: 'unknown', explanation: 'no single #random or Morgan Stanley' };
    const user = literalUser ?? String(morgan[0]!.id);
    const joined: string[] = [];
    for (const channel of channels) {
      const id = String(channel.id);
      const old = new Set(await members(before, id));
      const now = await members(after, id);
      if (now.length < old.size || [...old].some((member) => !now.includes(member)))
        return verdict(false, `someone left ${id}`);
      for (const member of now) if (!old.has(member)) joined.push(`${id}/${member}`);
    }
    return verdict(
      joined.length === 1 && joined[0] === `${String(random[0]!.id)}/${user}`,
      `memberships added: ${joined.join(', ') || 'none'}`,
    );
  };
}

// ------------------------------------------------------------------ Box

async function boxNamed(client: ApiClient, name: string, type: 'file' | 'folder'): Promise<Node[]> {
  const body = (await client.get('/search', { query: name, type, limit: 200 })) as {
    entries: Node[];
  };
  return body.entries.filter((entry) => entry.name === name);
}

/** box_121: "Move the file 'transport-april-2025-csv.csv' into the 'investments' folder." */
function moveVerifier(literalFile?: string): VerifyFunction {
  return async (_task, before, after) => {
    const files = await boxNamed(before, 'transport-april-2025-csv.csv', 'file');
    const folders = await boxNamed(before, 'investments', 'folder');
    if (folders.length !== 1 || (!literalFile && files.length !== 1))
      return { verdict: 'unknown', explanation: 'the file or the folder is not unique' };
    const id = literalFile ?? String(files[0]!.id);
    const was = (await before.get(`/files/${id}`)) as Node;
    const now = (await after.get(`/files/${id}`)) as Node;
    const parent = (now.parent as Node | undefined)?.id;
    return verdict(
      parent === folders[0]!.id && now.name === was.name,
      `the file is in ${String(parent)} named ${String(now.name)}`,
    );
  };
}

/** box_120: "Rename the 'macroeconomics' folder to 'Global Economics'." */
function renameVerifier(literalFolder?: string): VerifyFunction {
  return async (_task, before, after) => {
    const folders = await boxNamed(before, 'macroeconomics', 'folder');
    if (!literalFolder && folders.length !== 1)
      return { verdict: 'unknown', explanation: 'no single folder' };
    const id = literalFolder ?? String(folders[0]!.id);
    const was = (await before.get(`/folders/${id}`)) as Node;
    const now = (await after.get(`/folders/${id}`)) as Node;
    const renamed = await boxNamed(after, 'Global Economics', 'folder');
    return verdict(
      now.name === 'Global Economics' &&
        now.description === was.description &&
        (now.parent as Node | undefined)?.id === (was.parent as Node | undefined)?.id &&
        renamed.length === 1,
      `the folder is named ${String(now.name)}`,
    );
  };
}

// ------------------------------------------------------------------ Google Calendar

/** calendar_187 / calendar_192: the named event cancelled, its other fields kept. */
function cancelVerifier(
  calendar: string,
  event: string,
  literalDescription?: string,
): VerifyFunction {
  return async (_task, before, after) => {
    const path = `/calendars/${encodeURIComponent(calendar)}/events/${encodeURIComponent(event)}`;
    const was = (await before.get(path)) as Node;
    const now = (await after.get(path)) as Node;
    const events = (await after.get(`/calendars/${encodeURIComponent(calendar)}/events`, {
      showDeleted: true,
      maxResults: 2500,
    })) as { items: Node[] };
    const others = events.items.filter((item) => item.id !== event && item.status === 'cancelled');
    const wereCancelled = (
      (await before.get(`/calendars/${encodeURIComponent(calendar)}/events`, {
        showDeleted: true,
        maxResults: 2500,
      })) as { items: Node[] }
    ).items.filter((item) => item.id !== event && item.status === 'cancelled');
    return verdict(
      now.status === 'cancelled' &&
        now.description === (literalDescription ?? was.description) &&
        now.summary === was.summary &&
        others.length === wereCancelled.length,
      `the event is ${String(now.status)}`,
    );
  };
}

interface Subject {
  task: string;
  correct: VerifyFunction;
  stale: VerifyFunction;
}

const SUBJECTS: Subject[] = [
  // The stale copies keep what the source state said: John Doe's id, ENG-1's title.
  {
    task: 'linear_3',
    correct: assignVerifier(),
    stale: assignVerifier('2dcc8dc2-ca19-475d-9882-3ba5e911e7ec'),
  },
  {
    task: 'linear_6',
    correct: priorityVerifier(),
    stale: priorityVerifier('Fix authentication bug in login flow'),
  },
  // #general's and Morgan Stanley's ids in the source state.
  { task: 'slack_57', correct: helloVerifier(), stale: helloVerifier('C01ABCD1234') },
  { task: 'slack_61', correct: inviteVerifier(), stale: inviteVerifier('U05MORGAN23') },
  // The file's and the folder's ids in the source state.
  { task: 'box_121', correct: moveVerifier(), stale: moveVerifier('1421498350') },
  { task: 'box_120', correct: renameVerifier(), stale: renameVerifier('1973339758') },
  // The events' descriptions in the source state.
  {
    task: 'calendar_187',
    correct: cancelVerifier('primary', 'evt_sunthread_loom_001'),
    stale: cancelVerifier(
      'primary',
      'evt_sunthread_loom_001',
      'Seasonal loom ritual for the archive',
    ),
  },
  {
    task: 'calendar_192',
    correct: cancelVerifier('cal_aurora_loom', 'evt_starlit_weave_series'),
    stale: cancelVerifier('cal_aurora_loom', 'evt_starlit_weave_series', 'Weekly lightwork ritual'),
  },
];

describeWithAgentDiff('verifiers of constructed Agent-Diff tasks', () => {
  let dir: string;
  let pack: Pack;
  beforeAll(async () => {
    const wanted = new Set(SUBJECTS.map((subject) => subject.task));
    const suitesDir = path.join(AGENT_DIFF_DIR, 'testsuites');
    const suites = ['linear_bench', 'slack_bench_v2', 'box_bench', 'calendar_bench'].map((name) =>
      path.join(suitesDir, `${name}.json`),
    );
    const all = await importAgentDiff({ dataDir: AGENT_DIFF_DIR, suites });
    const tasks = all.tasks.filter((task) => wanted.has(task.id));
    const seeds = new Set(tasks.map((task) => task.seed));
    const imported = {
      ...all,
      tasks,
      seeds: all.seeds.filter((seed) => seeds.has(seed.name)),
      manifest: { ...all.manifest, tasks: tasks.map((task) => task.id), seeds: [...seeds].sort() },
    };
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'apb-construct-verifiers-')), 'pack');
    const { reports } = await writeQualifiedConstruction(dir, imported, constructPack(imported));
    for (const report of reports)
      expect(report.qualified, `${report.task}: ${report.reason}`).toBe(true);
    pack = await loadPackOrThrow(dir);
  }, 240_000);
  afterAll(async () => {
    if (dir) await rm(path.dirname(dir), { recursive: true, force: true });
  });

  for (const subject of SUBJECTS) {
    it(`${subject.task}: the correct verifier is right on every case (100% BA, jointly correct)`, async () => {
      const task = pack.task(subject.task);
      const cases = namedCasesOf(pack, task);
      expect(cases.some((entry) => entry.name === 'witness/replay')).toBe(true);
      expect(await wrongCases(subject.correct, task, cases)).toEqual([]);
    });

    it(`${subject.task}: its stale copy fails the related panel or the witness`, async () => {
      const task = pack.task(subject.task);
      const cases = namedCasesOf(pack, task);
      const wrong = await wrongCases(subject.stale, task, cases);
      expect(wrong.some((name) => name.startsWith('related/') || name === 'witness/replay')).toBe(
        true,
      );
      // Built on source, the stale copy is right there: a reuse failure, not a bad verifier.
      expect(wrong.filter((name) => name.startsWith('source/'))).toEqual([]);
    });
  }
});
