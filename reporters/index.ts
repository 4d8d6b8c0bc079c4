// `agentproofbench/reporter`: the Vitest reporter, its renderers, and the report model they
// render (src/report/). The CI thresholds keep their public names here (`Gates`,
// `evaluateGates`, ...); inside the library they are CI thresholds, apart from a verifier
// used as the gate of an agent (src/execution/).

export { buildReport, declaredContrasts, type ReportInput } from '../src/report/aggregate.js';
export {
  type CiThresholdResult as GateResult,
  type CiThresholdSummary as GateSummary,
  checkCiThresholds as evaluateGates,
} from '../src/report/ci-threshold-checks.js';
export {
  type Report,
  type ReportOutcome,
  ReportSchema,
  type ReportSummary,
  type ReportTask,
  reportJsonSchema,
} from '../src/report/report-schema.js';
export { resultsFromReport } from '../src/report/results-from-report.js';
export {
  type CiThresholds as Gates,
  CiThresholdsSchema as GatesSchema,
  parseCiThreshold as parseGate,
} from '../src/run/ci-thresholds.js';
export { AgentProofBenchReporter } from './agentproofbench-reporter.js';
export {
  type HtmlReportOptions,
  renderHtmlComparison,
  renderHtmlReport,
} from './html/render-html.js';
export { renderMarkdown } from './render-markdown.js';
export { renderTerminal } from './render-terminal.js';
