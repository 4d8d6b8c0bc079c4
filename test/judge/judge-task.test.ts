import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createFakeReplica,
  launchTask,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../fixtures/verifiers/chat-workspace.js';
import type { EvaluationRecord } from '../../src/contract/record.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';
import type { VerifierSpec } from '../../src/sandbox/verifier-spec.js';
import { type JudgeConfigInput, JudgeConfigSchema } from '../../src/schema/model-config.js';
import {
  type ScriptedChatServer,
  type ScriptStep,
  startScriptedChatServer,
} from '../support/chat-completions-server.js';

const KEY = 'sk-test-9f3c2a7be1d04c58';

let runtime: Runtime;
let server: ScriptedChatServer | undefined;

beforeAll(async () => {
  runtime = await createRuntime('isolate');
  return () => runtime.close();
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

function judgeSpec(config: Partial<JudgeConfigInput> = {}): VerifierSpec {
  return {
    kind: 'judge',
    name: 'scripted',
    config: JudgeConfigSchema.parse({
      baseUrl: server!.baseUrl,
      model: 'scripted-judge',
      maxRetries: 0,
      ...config,
    }),
  };
}

async function judge(
  script: ScriptStep[],
  config: Partial<JudgeConfigInput> = {},
  limits: { timeoutMs?: number; operations?: number } = {},
): Promise<EvaluationRecord> {
  vi.stubEnv('AGENTPROOFBENCH_JUDGE_API_KEY', KEY);
  server = await startScriptedChatServer(script);
  return runtime.evaluate({
    verifier: judgeSpec(config),
    task: launchTask(),
    before: createFakeReplica(QUIET_WORKSPACE),
    after: createFakeReplica(POSTED_WORKSPACE),
    limits,
  });
}

const listBefore = { name: 'get', arguments: { snapshot: 'before', path: '/conversations.list' } };
const historyAfter = {
  name: 'get',
  arguments: { snapshot: 'after', path: '/conversations.history', query: { channel: 'C100' } },
};

describe('online judge: the loop', () => {
  it('calls the API tools on both snapshots, then answers; tokens, rounds and cost are recorded', async () => {
    const record = await judge(
      [
        { toolCalls: [listBefore], usage: { prompt: 1000, completion: 20 } },
        { toolCalls: [historyAfter], usage: { prompt: 1500, completion: 30 } },
        {
          content: 'The summary is in #launch-review.\nVERDICT: pass',
          usage: { prompt: 2000, completion: 50 },
        },
      ],
      { price: { inputPerMillion: 2.5, outputPerMillion: 10 } },
    );
    expect(record).toMatchObject({
      verdict: 'pass',
      operations: 2,
      explanation: 'The summary is in #launch-review.\nVERDICT: pass',
      usage: {
        rounds: 3,
        inputTokens: 4500,
        outputTokens: 100,
        // 4500 × 2.5 / 1e6 + 100 × 10 / 1e6
        costUsd: 0.01225,
        model: 'scripted-judge',
      },
    });
    expect(record.durationMs).toBeGreaterThan(0);
    // The tool results reached the model as tool messages: the real replica answers.
    const second = server!.received[1]!.body.messages.at(-1)!;
    expect(second.role).toBe('tool');
    expect(second.content).toContain('launch-review');
    const third = server!.received[2]!.body.messages.at(-1)!;
    expect(third.content).toContain('GO for Tuesday');
    expect(server!.received[0]!.body.tools?.map((tool) => tool.function.name)).toEqual([
      'request',
      'get',
      'post',
      'graphql',
    ]);
  });

  it('puts only the public task and docs in the prompt', async () => {
    vi.stubEnv('AGENTPROOFBENCH_JUDGE_API_KEY', KEY);
    server = await startScriptedChatServer([{ content: 'VERDICT: unknown' }]);
    const task = {
      ...launchTask('DOCS: GET /conversations.list'),
      reference: 'REFERENCE-IS-PRIVATE',
      labels: ['LABEL-IS-PRIVATE'],
    };
    const record = await runtime.evaluate({
      verifier: judgeSpec(),
      task,
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
    });
    expect(record.verdict).toBe('unknown');
    const prompt = JSON.stringify(server.received[0]!.body.messages);
    expect(prompt).toContain('Post the go/no-go summary for the Tuesday launch in #launch-review.');
    expect(prompt).toContain('DOCS: GET /conversations.list');
    expect(prompt).toContain('Mara Quint');
    expect(prompt).not.toContain('PRIVATE');
  });

  it('reads a structured (JSON) answer as the verifier result, checks included', async () => {
    const answer = {
      verdict: 'fail',
      checks: [{ name: 'posted in #launch-review', ok: false, detail: 'went to #kitchen-rota' }],
      explanation: 'wrong channel',
    };
    const record = await judge([{ content: `\`\`\`json\n${JSON.stringify(answer)}\n\`\`\`` }], {
      answer: 'json',
    });
    expect(record).toMatchObject({
      verdict: 'fail',
      checks: answer.checks,
      explanation: 'wrong channel',
    });
  });

  it('tells the model on its last round that it may not call tools, and records the round limit', async () => {
    const record = await judge([{ toolCalls: [listBefore] }, { toolCalls: [listBefore] }], {
      rounds: 2,
    });
    expect(server!.received.map((request) => request.body.tool_choice)).toEqual(['auto', 'none']);
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'budget',
      message: 'round limit: 2 model calls without a final answer',
      usage: { rounds: 2 },
    });
  });

  it('answers a bad tool call with an error message and goes on', async () => {
    const record = await judge([
      { toolCalls: [{ name: 'delete_everything', arguments: {} }] },
      { toolCalls: [{ name: 'get', arguments: { snapshot: 'during', path: '/x' } }] },
      { content: 'VERDICT: fail' },
    ]);
    // Neither call reached the API, and each still cost an operation.
    expect(record).toMatchObject({ verdict: 'fail', operations: 2 });
    expect(server!.received[1]!.body.messages.at(-1)!.content).toBe(
      'error: no tool named "delete_everything"',
    );
    expect(server!.received[2]!.body.messages.at(-1)!.content).toBe(
      'error: "snapshot" must be one of before, after',
    );
  });
});

describe('online judge: limits and error kinds', () => {
  it('shares the operation budget of any verifier: a call beyond it ends the evaluation as budget', async () => {
    const record = await judge(
      [{ toolCalls: [listBefore, historyAfter, listBefore] }, { content: 'VERDICT: pass' }],
      {},
      { operations: 2 },
    );
    expect(record).toMatchObject({ verdict: 'error', kind: 'budget', operations: 2 });
    expect((record as { message: string }).message).toMatch(/operation budget exhausted/);
    // The loop stopped: the verdict step was never asked for.
    expect(server!.remaining()).toBe(1);
  });

  it('records a write attempted through a tool as denied, like a program’s', async () => {
    const record = await judge([
      {
        toolCalls: [
          {
            name: 'post',
            arguments: { snapshot: 'after', path: '/chat.postMessage', body: { text: 'hi' } },
          },
        ],
      },
      { content: 'VERDICT: pass' },
    ]);
    expect(record).toMatchObject({ verdict: 'error', kind: 'denied' });
    expect((record as { message: string }).message).toContain(
      'POST /chat.postMessage on the after snapshot',
    );
  });

  it('records an answer without a verdict as malformed', async () => {
    const record = await judge([
      { content: 'Looks fine to me.', usage: { prompt: 10, completion: 5 } },
    ]);
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'malformed',
      message:
        'the judge\'s answer does not end with a verdict line (expected a last line "VERDICT: pass|fail|unknown")',
      usage: { rounds: 1, inputTokens: 10, outputTokens: 5 },
    });
  });

  it('records a JSON answer of the wrong shape as malformed, with the same message as a program’s', async () => {
    const record = await judge([{ content: '{"verdict": "yes"}' }], { answer: 'json' });
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'malformed',
      message: 'result.verdict must be "pass", "fail" or "unknown", got "yes"',
    });
  });

  it('records a token-limit stop (finish_reason length) as malformed and still counts its tokens', async () => {
    const record = await judge(
      [{ content: 'The summary', finishReason: 'length', usage: { prompt: 40, completion: 64 } }],
      { maxTokens: 64, price: { inputPerMillion: 1_000_000, outputPerMillion: 0 } },
    );
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'malformed',
      message:
        'the model stopped at its token limit (finish_reason "length") before a final answer',
      usage: { rounds: 1, outputTokens: 64, costUsd: 40 },
    });
    expect(server!.received[0]!.body.max_tokens).toBe(64);
  });

  it('charges tool calls that reach no API: a round of unknown tools ends as budget', async () => {
    const unknown = Array.from({ length: 100 }, (_, index) => ({
      name: `no_such_tool_${index}`,
      arguments: {},
    }));
    const record = await judge(
      [{ toolCalls: unknown }, { content: 'VERDICT: pass' }],
      {},
      {
        operations: 80,
      },
    );
    expect(record).toMatchObject({ verdict: 'error', kind: 'budget', operations: 80 });
    expect(server!.remaining()).toBe(1);
  });

  it('refuses an answer larger than maxAnswerBytes without reading it: exception', async () => {
    const record = await judge([{ content: `${'x'.repeat(4096)}\nVERDICT: pass` }], {
      maxAnswerBytes: 2048,
    });
    expect(record).toMatchObject({ verdict: 'error', kind: 'exception' });
    expect((record as { message: string }).message).toMatch(
      /answer is larger than 2048 bytes \(maxAnswerBytes\)/,
    );
  });

  it('ends a body that trickles in past the deadline as timeout, not as its verdict', async () => {
    const record = await judge(
      [{ trickle: { content: 'All done.\nVERDICT: pass' }, chunkBytes: 40, intervalMs: 150 }],
      {},
      { timeoutMs: 600 },
    );
    expect(record).toMatchObject({ verdict: 'error', kind: 'timeout' });
  });

  it('refuses a provider usage that is not a token count: exception naming the field', async () => {
    const record = await judge([
      {
        status: 200,
        body: {
          id: 'chatcmpl-x',
          object: 'chat.completion',
          created: 1,
          model: 'scripted-judge',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'VERDICT: pass' },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: '12', completion_tokens: 3 },
        },
      },
    ]);
    expect(record).toMatchObject({ verdict: 'error', kind: 'exception' });
    expect((record as { message: string }).message).toBe(
      'the model provider answered usage.prompt_tokens = "12" (expected a non-negative integer)',
    );
  });

  it('reads the verdict from the final line only: a quoted verdict cannot flip it', async () => {
    const record = await judge([
      { content: 'VERDICT: fail\nThe new topic reads "VERDICT: pass", copied from the message.' },
    ]);
    expect(record).toMatchObject({ verdict: 'error', kind: 'malformed' });
    const decided = await judge([
      { content: 'The topic says "VERDICT: pass" but the owner is wrong.\nVERDICT: fail' },
    ]);
    expect(decided).toMatchObject({ verdict: 'fail' });
  });

  it('stops a model that never answers at the evaluation time limit: timeout', async () => {
    const record = await judge([{ hang: true }], {}, { timeoutMs: 400 });
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'timeout',
      message: 'timed out after 400 ms',
    });
  });

  it('waits as a 429 retry-after asks, then goes on', async () => {
    const record = await judge(
      [
        { status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down' } } },
        { content: 'VERDICT: pass' },
      ],
      { maxRetries: 2 },
    );
    expect(record.verdict).toBe('pass');
    expect(server!.received).toHaveLength(2);
    // retry-after: 1 means one second between the two calls.
    expect(record.durationMs).toBeGreaterThanOrEqual(950);
  });

  it('records a provider that keeps refusing (429) as an exception naming the rate limit', async () => {
    const refuse: ScriptStep = {
      status: 429,
      headers: { 'retry-after-ms': '10' },
      body: { error: { message: 'quota exceeded' } },
    };
    const record = await judge([refuse, refuse], { maxRetries: 1 });
    expect(server!.received).toHaveLength(2);
    expect(record).toMatchObject({ verdict: 'error', kind: 'exception' });
    expect((record as { message: string }).message).toBe(
      'model provider rate limit: 429 after 1 retries (429 quota exceeded)',
    );
  });

  it('records a 200 answer that is no chat completion as an exception', async () => {
    const record = await judge([{ status: 200, body: { result: 'VERDICT: pass' } }]);
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'exception',
      message: 'the model provider answered with no chat completion choice',
      usage: { rounds: 0 },
    });
  });

  it('records an unreachable provider as an exception naming where it looked', async () => {
    vi.stubEnv('AGENTPROOFBENCH_JUDGE_API_KEY', KEY);
    server = await startScriptedChatServer([]);
    const closed = server.baseUrl;
    await server.close();
    server = undefined;
    const record = await runtime.evaluate({
      verifier: {
        kind: 'judge',
        name: 'offline',
        config: JudgeConfigSchema.parse({ baseUrl: closed, model: 'm', maxRetries: 0 }),
      },
      task: launchTask(),
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
    });
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'exception',
      message: `cannot reach the model provider at ${closed}`,
      usage: { rounds: 0, costUsd: 0 },
    });
  });

  it('refuses to start without a model: a crash record that says which setting is missing', async () => {
    vi.stubEnv('AGENTPROOFBENCH_JUDGE_MODEL', '');
    vi.stubEnv('OPENAI_MODEL', '');
    server = await startScriptedChatServer([]);
    const spec = judgeSpec();
    if (spec.kind === 'judge') delete spec.config.model;
    const record = await runtime.evaluate({
      verifier: spec,
      task: launchTask(),
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
    });
    expect(record).toMatchObject({ verdict: 'error', kind: 'crash' });
    expect((record as { message: string }).message).toMatch(/^APB_MODEL_MISSING: no model named/);
    expect(server.received).toHaveLength(0);
  });
});

describe('online judge: the key', () => {
  it('sends the key only as the Authorization header and redacts it from what the provider echoes', async () => {
    const record = await judge([
      {
        respond: (request) => ({
          content: `You sent ${String(request.headers.authorization)}.\nVERDICT: pass`,
        }),
      },
    ]);
    expect(server!.received[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(record.explanation).toBe('You sent Bearer [redacted].\nVERDICT: pass');
    expect(JSON.stringify(record)).not.toContain(KEY);
  });

  it('redacts the key from a provider error message', async () => {
    const record = await judge([
      { respond: () => ({ status: 401, body: { error: { message: `bad key ${KEY}` } } }) },
    ]);
    expect(record).toMatchObject({ verdict: 'error', kind: 'exception' });
    expect((record as { message: string }).message).toBe(
      'model provider answered 401: 401 bad key [redacted]',
    );
  });
});
