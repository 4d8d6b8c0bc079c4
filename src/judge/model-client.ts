import OpenAI from 'openai';
import type { ErrorKind } from '../contract/record.js';
import type { ModelSettings } from '../schema/model-config.js';
import { AnswerTooLargeError, boundedFetch } from './bounded-fetch.js';
import { type ModelEndpoint, redactKey } from './model-endpoint.js';
import { ProviderAnswerError } from './model-usage.js';

/**
 * The official `openai` client speaking the OpenAI-compatible chat-completions protocol
 * with tool calls, which hosted providers and local servers (vLLM, Ollama, llama.cpp,
 * LM Studio) all accept. It brings retries that honour `retry-after`, per-call timeouts
 * and abort signals, with no dependencies of its own (docs/judge.md says why).
 */
export function createModelClient(endpoint: ModelEndpoint, settings: ModelSettings): OpenAI {
  return new OpenAI({
    apiKey: endpoint.apiKey,
    ...(endpoint.baseUrl ? { baseURL: endpoint.baseUrl } : {}),
    maxRetries: settings.maxRetries,
    // Each answer's body is read with a size cap and the deadline (bounded-fetch.ts).
    fetch: boundedFetch(settings.maxAnswerBytes),
    ...(settings.requestTimeoutMs ? { timeout: settings.requestTimeoutMs } : {}),
    // The client's own logging could print request details; records carry what matters.
    logLevel: 'off',
  });
}

/**
 * How a failed model call is recorded: the evaluation's error kind and a one-line reason.
 * `deadlinePassed`: the evaluation's signal fired, so whatever the call failed with (an abort
 * inside a trickling body, a parse cut short) the evaluation ran out of time.
 */
export function describeModelError(
  error: unknown,
  endpoint: ModelEndpoint,
  deadlineMs: number,
  settings: ModelSettings,
  deadlinePassed = false,
): { kind: ErrorKind; message: string } {
  const where = endpoint.baseUrl ?? 'the OpenAI API';
  const cause = error instanceof Error ? error.cause : undefined;
  let described: { kind: ErrorKind; message: string };
  if (deadlinePassed || error instanceof OpenAI.APIUserAbortError) {
    described = { kind: 'timeout', message: `timed out after ${deadlineMs} ms` };
  } else if (cause instanceof AnswerTooLargeError || error instanceof AnswerTooLargeError) {
    const tooLarge = (cause instanceof AnswerTooLargeError ? cause : error) as AnswerTooLargeError;
    described = {
      kind: 'exception',
      message: `${tooLarge.message} from ${where}; nothing of it was read (${settings.maxRetries} retries)`,
    };
  } else if (error instanceof ProviderAnswerError) {
    described = { kind: 'exception', message: error.message };
  } else if (error instanceof OpenAI.APIConnectionTimeoutError) {
    described = {
      kind: 'timeout',
      message: `a model call to ${where} timed out (${settings.requestTimeoutMs ?? 600_000} ms per call, ${settings.maxRetries} retries)`,
    };
  } else if (error instanceof OpenAI.APIConnectionError) {
    described = { kind: 'exception', message: `cannot reach the model provider at ${where}` };
  } else if (error instanceof OpenAI.RateLimitError) {
    described = {
      kind: 'exception',
      message: `model provider rate limit: 429 after ${settings.maxRetries} retries (${error.message})`,
    };
  } else if (error instanceof OpenAI.APIError) {
    described = {
      kind: 'exception',
      message: `model provider answered ${error.status ?? 'an error'}: ${error.message}`,
    };
  } else {
    described = {
      kind: 'exception',
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
  return { kind: described.kind, message: redactKey(described.message, endpoint) };
}
