// The hostile fixtures about what a verifier returns and what its requests cost the host
// (results nested, forged or huge; GraphQL bombs; oversized answers), with how each must
// end. hostile-results.test.ts runs them against real replicas of the built-in pack.
import type { ErrorKind } from '../../../src/contract/record.js';

export interface ResultCase {
  file: string;
  runtime: 'isolate' | 'process';
  /** The Linear state the fixture reads: the pack's own, or one whose issue descriptions are 200 kB each. */
  state?: 'large-descriptions';
  kind?: ErrorKind;
  message?: RegExp;
  verdict?: 'fail';
  /** The record's explanation: what the verifier reported it was answered, or its bounded prefix. */
  explanation?: RegExp;
  /** Checks the record keeps. */
  checks?: number;
}

/** 4,095 characters of the verifier's text and the ellipsis that says it was cut. */
const KEPT_PREFIX = /^x{4095}…$/;
const TOO_COMPLEX = /^QUERY_TOO_COMPLEX$/;
const TOO_LARGE = /^500 RESPONSE_TOO_LARGE$/;
const TOO_DEEP = /^result\.checks\[0\]\[0\] nests deeper than a result can \(at most 3 levels/;

export const RESULT_CASES: ResultCase[] = [
  { runtime: 'isolate', file: 'nested-checks.ts', kind: 'malformed', message: TOO_DEEP },
  {
    runtime: 'process',
    file: 'nested_checks.py',
    kind: 'malformed',
    message: /^the result nests too deep to be a verifier result$/,
  },
  { runtime: 'isolate', file: 'forges-result.ts', kind: 'malformed', message: TOO_DEEP },
  { runtime: 'process', file: 'forges_result.py', kind: 'malformed', message: TOO_DEEP },
  { runtime: 'isolate', file: 'huge-explanation.ts', verdict: 'fail', explanation: KEPT_PREFIX },
  { runtime: 'process', file: 'huge_explanation.py', verdict: 'fail', explanation: KEPT_PREFIX },
  { runtime: 'isolate', file: 'many-checks.ts', verdict: 'fail', checks: 64 },
  { runtime: 'process', file: 'many_checks.py', verdict: 'fail', checks: 64 },
  { runtime: 'isolate', file: 'fragment-bomb.ts', verdict: 'fail', explanation: TOO_COMPLEX },
  { runtime: 'process', file: 'fragment_bomb.py', verdict: 'fail', explanation: TOO_COMPLEX },
  { runtime: 'isolate', file: 'nested-graphql.ts', verdict: 'fail', explanation: TOO_COMPLEX },
  { runtime: 'process', file: 'nested_graphql.py', verdict: 'fail', explanation: TOO_COMPLEX },
  {
    runtime: 'isolate',
    file: 'huge-response.ts',
    state: 'large-descriptions',
    verdict: 'fail',
    explanation: TOO_LARGE,
  },
  {
    runtime: 'process',
    file: 'huge_response.py',
    state: 'large-descriptions',
    verdict: 'fail',
    explanation: TOO_LARGE,
  },
];
