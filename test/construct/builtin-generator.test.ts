import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinGenerator } from '../../src/construct/builtin-generator.js';
import { construct } from '../../src/construct/construct.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { resolvePackDir } from '../../src/pack/resolve.js';
import { GeneratorConfigSchema } from '../../src/schema/model-config.js';
import {
  type ScriptedChatServer,
  type ScriptStep,
  startScriptedChatServer,
} from '../support/chat-completions-server.js';

const PROGRAM = `export default async function verify(task, before, after) {
  const read = (client) => client.graphql('{ issues { nodes { id assignee { id } } } }');
  const [b, a] = await Promise.all([read(before), read(after)]);
  return { verdict: JSON.stringify(a) === JSON.stringify(b) ? 'fail' : 'pass' };
}`;

let server: ScriptedChatServer | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

async function build(script: ScriptStep[], budget = 12, rounds = 4, language: 'ts' | 'py' = 'ts') {
  vi.stubEnv('AGENTPROOFBENCH_JUDGE_API_KEY', 'sk-gen-test-5a1d');
  server = await startScriptedChatServer(script);
  const generator = builtinGenerator(
    GeneratorConfigSchema.parse({
      baseUrl: server.baseUrl,
      model: 'scripted-gen',
      maxRetries: 0,
      rounds,
      language,
      price: { inputPerMillion: 3, outputPerMillion: 15 },
    }),
  );
  const out = mkdtempSync(path.join(os.tmpdir(), 'apb-builtin-gen-'));
  const [result] = await construct({
    pack: await loadPackOrThrow(resolvePackDir('starter')),
    generator: generator.generate,
    generatorName: generator.name,
    on: 'related',
    replicas: 1,
    budget,
    out,
    tasks: ['starter_1'],
  });
  return result!;
}

describe('the built-in generator', () => {
  it('reads the before-state, runs a draft, and freezes the final code block with its priced tokens as C', async () => {
    const result = await build([
      {
        toolCalls: [
          {
            name: 'graphql',
            arguments: { snapshot: 'before', query: '{ issues { nodes { id } } }' },
          },
        ],
        usage: { prompt: 1000, completion: 100 },
      },
      {
        toolCalls: [{ name: 'run_draft', arguments: { source: PROGRAM } }],
        usage: { prompt: 2000, completion: 400 },
      },
      {
        content: `Final program:\n\`\`\`ts\n${PROGRAM}\n\`\`\``,
        usage: { prompt: 3000, completion: 500 },
      },
    ]);
    expect(result).toMatchObject({
      ok: true,
      meta: {
        builtOn: 'related',
        generator: 'builtin:scripted-gen',
        budgetUsed: 2,
        draftRuns: 1,
        rounds: 3,
        tokens: { input: 6000, output: 1000 },
        // 6000 × 3 / 1e6 + 1000 × 15 / 1e6
        constructionCost: 0.033,
      },
    });
    if (!result.ok) throw new Error(result.message);
    expect(readFileSync(result.file, 'utf8')).toBe(`${PROGRAM}\n`);
    // The read reached the real replica; the draft ran in the sandbox and its record came back.
    const messages = server!.received[2]!.body.messages;
    expect(messages.find((m) => m.role === 'tool')?.content).toContain('iss-fac-1');
    expect(JSON.parse(messages.at(-1)!.content!)).toMatchObject({ verdict: 'fail', operations: 2 });
  });

  it('states the reuse contract and holds only the public task', async () => {
    await build([{ content: `\`\`\`ts\n${PROGRAM}\n\`\`\`` }]);
    const [system, user] = server!.received[0]!.body.messages;
    expect(system!.content).toContain(
      'frozen and will be run again on later executions whose initial data differ',
    );
    expect(system!.content).toContain(
      'never write ids, names or values you read now into the program as constants',
    );
    expect(system!.content).toContain('a budget of 12 units');
    expect(user!.content).toContain('Task starter_1 on linear.');
    // Nothing from the reference (check names, reasons) or the states reaches the prompt.
    const prompt = JSON.stringify(server!.received[0]!.body);
    expect(prompt).not.toContain('valve keeps its initial status');
    expect(prompt).not.toContain('the instruction names Mateo Ruiz as the new owner');
    expect(prompt).not.toContain('iss-fac-1');
    // Only the before-state is readable while building.
    const graphql = server!.received[0]!.body.tools!.find(
      (tool) => tool.function.name === 'graphql',
    ) as unknown as {
      function: { parameters: { properties: { snapshot: { enum: string[] } } } };
    };
    expect(graphql.function.parameters.properties.snapshot.enum).toEqual(['before']);
  });

  it('keeps going when reads exhaust the budget, so the model can still write its program', async () => {
    const read = {
      name: 'graphql',
      arguments: { snapshot: 'before', query: '{ issues { nodes { id } } }' },
    };
    const result = await build(
      [{ toolCalls: [read, read] }, { content: `\`\`\`ts\n${PROGRAM}\n\`\`\`` }],
      1,
    );
    expect(result).toMatchObject({ ok: true, meta: { budget: 1, budgetUsed: 1 } });
    expect(server!.received[1]!.body.messages.at(-1)!.content).toMatch(
      /operation budget exhausted/,
    );
  });

  it('writes Python programs when asked, its drafts running in the process runtime', async () => {
    const python = [
      'def verify(task, before, after):',
      "    issues = after.graphql('{ issues { nodes { id } } }')",
      "    return {'verdict': 'unknown', 'explanation': str(len(issues['data']['issues']['nodes']))}",
    ].join('\n');
    const result = await build(
      [
        { toolCalls: [{ name: 'run_draft', arguments: { source: python } }] },
        { content: `\`\`\`python\n${python}\n\`\`\`` },
      ],
      12,
      4,
      'py',
    );
    if (!result.ok) throw new Error(result.message);
    expect(path.basename(result.file)).toBe('starter_1.r1.py');
    expect(readFileSync(result.file, 'utf8')).toBe(`${python}\n`);
    const draft = JSON.parse(server!.received[1]!.body.messages.at(-1)!.content!);
    expect(draft).toMatchObject({ verdict: 'unknown', operations: 1 });
    expect(Number(draft.explanation)).toBeGreaterThan(0);
  });

  it('fails the program, naming why, when the model gives no code', async () => {
    const result = await build([{ content: 'I cannot write this.' }]);
    expect(result).toEqual({
      ok: false,
      task: 'starter_1',
      replica: 'r1',
      message:
        'the generator threw: APB_MODEL_RESPONSE: the final answer holds no fenced code block',
    });
  });
});
