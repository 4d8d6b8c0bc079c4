import { AgentProofBenchError } from '../contract/error.js';
import type { ModelSettings } from '../schema/model-config.js';

/** Environment variables read for the model endpoint, in order of preference. */
export const MODEL_ENV = {
  baseUrl: ['AGENTPROOFBENCH_JUDGE_BASE_URL', 'OPENAI_BASE_URL'],
  model: ['AGENTPROOFBENCH_JUDGE_MODEL', 'OPENAI_MODEL'],
  apiKey: ['AGENTPROOFBENCH_JUDGE_API_KEY', 'OPENAI_API_KEY'],
} as const;

/** Where model calls go. Host-side only: the key never enters a spec, a record or a sandbox. */
export interface ModelEndpoint {
  /** undefined: the OpenAI API. */
  baseUrl: string | undefined;
  model: string;
  apiKey: string;
}

// A local OpenAI-compatible server (Ollama, vLLM, llama.cpp) often needs no key; the client still sends one.
const PLACEHOLDER_KEY = 'no-key';

function firstSet(env: NodeJS.ProcessEnv, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

/** Settings first, then the environment; a missing model, or a key for the OpenAI API, is refused. */
export function resolveModelEndpoint(
  settings: ModelSettings,
  env: NodeJS.ProcessEnv = process.env,
): ModelEndpoint {
  const baseUrl = settings.baseUrl ?? firstSet(env, MODEL_ENV.baseUrl);
  const model = settings.model ?? firstSet(env, MODEL_ENV.model);
  if (model === undefined) {
    throw new AgentProofBenchError(
      'APB_MODEL_MISSING',
      'no model named for the judge or generator',
      {
        fix: `set "model" in the config, or $${MODEL_ENV.model[0]}`,
      },
    );
  }
  const keyNames = settings.apiKeyEnv ? [settings.apiKeyEnv] : MODEL_ENV.apiKey;
  const apiKey = firstSet(env, keyNames);
  if (apiKey === undefined && baseUrl === undefined) {
    throw new AgentProofBenchError(
      'APB_MODEL_KEY_MISSING',
      'no API key for the OpenAI API (live runs need a provider and a key)',
      { fix: `set $${keyNames[0]}, or "baseUrl" for a local server that needs no key` },
    );
  }
  return { baseUrl, model, apiKey: apiKey ?? PLACEHOLDER_KEY };
}

/** Replace every occurrence of the key in text that may reach a record, a report or a log. */
export function redactKey(text: string, endpoint: Pick<ModelEndpoint, 'apiKey'>): string {
  const key = endpoint.apiKey;
  if (key === PLACEHOLDER_KEY || key.length < 4) return text;
  return text.split(key).join('[redacted]');
}
