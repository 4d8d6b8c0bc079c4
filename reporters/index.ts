export { AgentProofBenchReporter, collectCaseMetas } from './agentproofbench-reporter.js';
export { buildReport, declaredContrasts, type ReportInput } from './aggregate.js';
export {
  evaluateGates,
  type GateInputs,
  type GateResult,
  type Gates,
  GatesSchema,
  parseGate,
} from './gates.js';
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
