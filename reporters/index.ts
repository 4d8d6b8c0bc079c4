export { type Gates, GatesSchema, parseGate } from '../src/run/gate-thresholds.js';
export { AgentProofBenchReporter } from './agentproofbench-reporter.js';
export { buildReport, declaredContrasts, type ReportInput } from './aggregate.js';
export { evaluateGates, type GateResult, type GateSummary } from './gates.js';
export {
  type HtmlReportOptions,
  renderHtmlComparison,
  renderHtmlReport,
} from './html/render-html.js';
export { renderMarkdown } from './render-markdown.js';
export { renderTerminal } from './render-terminal.js';
export {
  type Report,
  type ReportOutcome,
  ReportSchema,
  type ReportSummary,
  type ReportTask,
  reportJsonSchema,
} from './report-schema.js';
export { resultsFromReport } from './results-from-report.js';
