// The online judge through `agentproofbench run`, against a scripted chat-completions
// server in this process (real HTTP, no network), and the key-never-leaks checks.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ReceivedRequest,
  type ScriptedChatServer,
  type ScriptStep,
  startScriptedChatServer,
} from '../support/chat-completions-server.js';
import { REPO_ROOT, readReport, runCliFromSource, tempDir } from './support/run-vitest.js';

const KEY = 'sk-e2e-3b9f0c41d2aa7e65';

/**
 * A plausible judge: first it reads the valve issue in both states, then it answers pass
 * when the after-state shows Mateo as the assignee, whatever the status (a judge that
 * misses the preservation requirement, as online judges often do).
 */
function scriptedJudge(request: ReceivedRequest): ScriptStep {
  const last = request.body.messages.at(-1)!;
  const usage = { prompt: 1200, completion: 80 };
  if (last.role === 'user') {
    const query = '{ issues { nodes { id title assignee { name } state { name } } } }';
    return {
      toolCalls: [
        { name: 'graphql', arguments: { snapshot: 'before', query } },
        { name: 'graphql', arguments: { snapshot: 'after', query } },
      ],
      usage,
    };
  }
  const after = last.content ?? '';
  const valve = /"title":"Replace boiler valve","assignee":\{"name":"([^"]+)"/.exec(after);
  return {
    content: `Assignee after: ${valve?.[1] ?? 'none'}.\nVERDICT: ${valve?.[1] === 'Mateo Ruiz' ? 'pass' : 'fail'}`,
    usage,
  };
}

let server: ScriptedChatServer;
let work: string;
let config: string;

beforeAll(async () => {
  server = await startScriptedChatServer([], scriptedJudge);
  work = tempDir('judge-run');
  config = path.join(work, 'scripted-judge.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      model: 'scripted-judge',
      name: 'scripted-judge',
      price: { inputPerMillion: 2, outputPerMillion: 8 },
    }),
  );
  return () => server.close();
});

async function run(verifier: string, name: string, extra: string[] = []) {
  const json = path.join(work, `${name}.json`);
  const result = await runCliFromSource(
    [
      'run',
      '--verifier',
      verifier,
      '--pack',
      'starter',
      '--task',
      'starter_1',
      '--json',
      json,
      ...extra,
    ],
    { AGENTPROOFBENCH_JUDGE_API_KEY: KEY },
  );
  return {
    output: result.output,
    exitCode: result.exitCode,
    json,
    files: [json, json.replace(/\.json$/, '.md'), json.replace(/\.json$/, '.html')],
  };
}

describe('agentproofbench run --verifier judge:<config.json>', () => {
  let judged: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    judged = await run(`judge:${config}`, 'judge');
  }, 240_000);

  it('evaluates every case with the judge and records rounds, tokens and cost per evaluation', () => {
    expect(judged.exitCode, judged.output).toBe(0);
    const report = readReport(judged.json);
    expect(report.run.programs).toEqual([
      expect.objectContaining({
        set: 'default',
        pattern: `judge:${path.relative(REPO_ROOT, config)}`,
      }),
    ]);
    const [task] = report.tasks;
    expect(task).toMatchObject({ id: 'starter_1', program: 'scripted-judge' });
    const outcomes = Object.values(task!.conditions).flatMap((condition) => condition!.outcomes);
    expect(outcomes.length).toBeGreaterThan(3);
    for (const outcome of outcomes) {
      // Two model calls of 1200 + 80 tokens each: (2400 × 2 + 160 × 8) / 1e6 USD.
      expect(outcome).toMatchObject({
        operations: 2,
        usage: {
          rounds: 2,
          inputTokens: 2400,
          outputTokens: 160,
          costUsd: 0.00608,
          model: 'scripted-judge',
        },
      });
      expect(outcome.verdict === 'pass' || outcome.verdict === 'fail').toBe(true);
    }
    const cases = server.received.length / 2;
    expect(cases).toBe(outcomes.length + 2);
    // This judge misses preservation: it accepts the status-reset fault.
    expect(report.summary.falseAcceptByFault.preservation.count).toBeGreaterThan(0);
  });

  it('sends the key only to the provider, and never writes it to the report or the output', () => {
    expect(
      server.received.every((request) => request.headers.authorization === `Bearer ${KEY}`),
    ).toBe(true);
    expect(judged.output).not.toContain(KEY);
    for (const file of judged.files) expect(readFileSync(file, 'utf8')).not.toContain(KEY);
  });
});

describe('the judge as the execution study’s online gate', () => {
  it('checks gate states through --online-gate judge:<config.json>', async () => {
    // A strict judge: it never accepts, so the online gate withholds every delivery.
    const strict = await startScriptedChatServer([], () => ({
      content: 'Not convinced.\nVERDICT: fail',
      usage: { prompt: 500, completion: 10 },
    }));
    try {
      const gateConfig = path.join(work, 'strict-judge.config.json');
      writeFileSync(gateConfig, JSON.stringify({ baseUrl: strict.baseUrl, model: 'strict' }));
      const json = path.join(work, 'gated.json');
      const result = await runCliFromSource(
        [
          'run',
          '--pack',
          'builtin',
          '--task',
          'linear_1',
          '--verifier',
          'examples/verifiers/{task}.ts',
          '--online-gate',
          `judge:${gateConfig}`,
          '--json',
          json,
        ],
        { AGENTPROOFBENCH_JUDGE_API_KEY: KEY },
      );
      expect(result.exitCode, result.output).toBe(0);
      const checks = Number(/online gate: (\d+) checks/.exec(result.output)?.[1]);
      expect(checks).toBeGreaterThan(0);
      // Each distinct gate state was one judged evaluation, one model call each.
      expect(strict.received.length).toBeGreaterThan(0);
      expect(strict.received.length).toBeLessThanOrEqual(checks);
      expect(strict.received[0]!.body.messages[1]!.content).toContain('Task linear_1 on linear.');
      expect(readReport(json).execution).not.toBeNull();
      expect(result.output).not.toContain(KEY);
    } finally {
      await strict.close();
    }
  }, 240_000);
});

describe('program vs judge, side by side', () => {
  it('puts acceptance, latency and cost of constructed programs and the judge in one report', async () => {
    const built = path.join(work, 'built');
    const construct = await runCliFromSource([
      'construct',
      '--generator',
      'fixtures/generators/scripted.ts',
      '--pack',
      'starter',
      '--task',
      'starter_1',
      '--on',
      'related',
      '--replicas',
      '1',
      '--out',
      built,
    ]);
    expect(construct.exitCode, construct.output).toBe(0);
    const side = await runCliFromSource(
      [
        'run',
        '--programs',
        `program=${built}/{task}.{replica}.ts`,
        '--programs',
        `judge=judge:${config}`,
        '--pack',
        'starter',
        '--task',
        'starter_1',
        '--json',
        path.join(work, 'side.json'),
      ],
      { AGENTPROOFBENCH_JUDGE_API_KEY: KEY },
    );
    expect(side.exitCode, side.output).toBe(0);
    const report = readReport(path.join(work, 'side.json'));
    const [program, judge] = report.sets;
    expect(program!.falseAccept.count).toBe(0);
    expect(judge!.falseAcceptByFault.preservation.count).toBeGreaterThan(0);
    expect(report.comparison!.sets).toEqual([
      expect.objectContaining({
        set: 'program',
        judge: false,
        perUseCost: 0,
        medianConstruction: 0.25,
        model: null,
      }),
      expect.objectContaining({
        set: 'judge',
        judge: true,
        perUseCost: expect.closeTo(0.00608, 9),
        medianConstruction: 0,
        model: expect.objectContaining({ meanRounds: 2 }),
      }),
    ]);
    // The judge's measured cost per use is the alternative: ceil(0.25 / 0.00608) = 42 uses.
    expect(report.cost!.alternativePerUse).toBeCloseTo(0.00608, 9);
    expect(report.cost!.programs.find((entry) => entry.set === 'program')!.breakEvenUses).toBe(42);
    expect(report.comparison!.sets[0]!.medianBreakEvenUses).toBe(42);
    expect(side.output).toContain('program vs judge');
    expect(side.output).toMatch(/judge +online judge +100\.0%/);
    expect(readFileSync(path.join(work, 'side.md'), 'utf8')).toContain('### Program vs judge');
    expect(side.output).not.toContain(KEY);
  }, 240_000);
});

describe('the key never reaches a sandbox', () => {
  it.each([
    ['process', 'fixtures/verifiers/secrets/{task}.py', 'own HOME='],
    ['isolate', 'fixtures/verifiers/secrets/{task}.ts', 'no process.env in this runtime'],
  ])(
    '%s runtime: a verifier that dumps every environment it can read finds no key',
    async (runtime, verifier, seen) => {
      // TDD mode: each failing case prints the verifier's explanation, i.e. what the probe saw.
      const probed = await run(verifier, `probe-${runtime}`, [
        '--runtime',
        runtime,
        '--mode',
        'tdd',
      ]);
      expect(probed.output).toContain(`Verifier explanation: ${seen}`);
      expect(readFileSync(probed.json, 'utf8')).not.toContain(KEY);
      expect(probed.output).not.toContain(KEY);
      expect(readFileSync(probed.files[1]!, 'utf8')).not.toContain(KEY);
    },
    240_000,
  );
});
