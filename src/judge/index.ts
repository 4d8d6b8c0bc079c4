// The online LLM judge: a model with the read-only API as tools, run host-side by the sandbox.
export { apiTools, MAX_TOOL_RESULT_CHARS } from './api-tools.js';
export { type ChatEnding, type ChatTool, runChatLoop, type ToolReply } from './chat-loop.js';
export {
  absoluteJudgeReference,
  isJudgeReference,
  JUDGE_PREFIX,
  JudgeConfigError,
  judgeConfigPath,
  loadJudgeConfig,
  parseJudgeConfig,
} from './judge-reference.js';
export { type JudgeOutcome, type JudgeTaskInput, judgeTask } from './judge-task.js';
export { createModelClient, describeModelError } from './model-client.js';
export {
  MODEL_ENV,
  type ModelEndpoint,
  ModelSetupError,
  redactKey,
  resolveModelEndpoint,
} from './model-endpoint.js';
export { UsageMeter } from './model-usage.js';
