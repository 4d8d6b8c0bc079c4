import vm from 'node:vm';
import { AgentProofBenchError } from '../../contract/error.js';

/**
 * Time allowed to one match of a backtracking pattern. Benign patterns take microseconds on
 * the longest values of real data; a catastrophic one takes exponential time, far beyond.
 */
export const BOUNDED_PATTERN_TIME_MS = 250;

/** A backtracking pattern ran out of time: an error of the reference, never a silent "no match". */
export class PatternTimeoutError extends AgentProofBenchError {
  constructor(source: string, length: number) {
    super(
      'APB_PATTERN_TIMEOUT',
      `regular expression ${JSON.stringify(source)} took more than ${BOUNDED_PATTERN_TIME_MS} ms on a value of ${length} characters. It needs the backtracking engine (lookaround, backreferences, a $ before more pattern, or \\b on non-ASCII text), where each match has a time limit`,
      { fix: 'rewrite it without nested repetition (docs/pack-format.md, "Patterns")' },
    );
    this.name = 'PatternTimeoutError';
  }
}

const MATCH = new vm.Script('pattern.test(text)');

/**
 * `regexp.test` with a time limit. V8 interrupts a running match when a vm script's timeout
 * fires, which no timer on the main thread can do; one small context per pattern keeps a
 * call at tens of microseconds.
 */
export function boundedRegExp(source: string, regexp: RegExp): (text: string) => boolean {
  const context = vm.createContext({ pattern: regexp, text: '' });
  return (text) => {
    context.text = text;
    try {
      return MATCH.runInContext(context, { timeout: BOUNDED_PATTERN_TIME_MS }) === true;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
        throw new PatternTimeoutError(source, text.length);
      throw error;
    } finally {
      context.text = '';
    }
  };
}
