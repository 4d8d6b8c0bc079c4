import { AgentProofBenchError } from '../../contract/error.js';

/**
 * Agent-Diff's engine raises here: Python evaluates `1 in "text"` (a `has_any` / `has_all`
 * item that is not a string, against a string column) as a TypeError, which ends the
 * evaluation, so the run errors and counts as failed. The reference labels the state
 * `invalid` with this message, as Agent-Diff's verdict is (docs/pack-format.md,
 * "Agent-Diff assertion specs").
 */
export class LegacyEngineRaises extends AgentProofBenchError {
  constructor(
    readonly at: string,
    readonly pythonError: string,
  ) {
    super(
      'APB_AGENT_DIFF_ENGINE_RAISES',
      `${at}: Agent-Diff's engine raises ${pythonError} on this state, so its run errors and fails`,
      {
        fix: 'to test membership of a non-string, compare against a list column, or write the item as a string',
      },
    );
    this.name = 'LegacyEngineRaises';
  }

  /** The same error, located inside an assertion (`assertion#2 issues`). */
  within(where: string): LegacyEngineRaises {
    return new LegacyEngineRaises(`${where} ${this.at}`, this.pythonError);
  }
}

/**
 * The answer depends on what JSON.parse forgets: whether an integral JSON number was
 * written `1` (a Python int, dumped `1`) or `1.0` (a float, dumped `1.0`). Rather than
 * guess, the reference reports it cannot judge the state.
 */
export class LegacyNumberTextAmbiguity extends AgentProofBenchError {
  constructor(
    readonly at: string,
    readonly operand: string,
  ) {
    super(
      'APB_AGENT_DIFF_NUMBER_TEXT',
      `${at}: whether the JSON text contains ${JSON.stringify(operand)} depends on whether its whole numbers were floats (Python dumps 1.0) or ints (1), which the JSON value no longer says`,
      { fix: 'search for text that does not straddle a number, or compare the number with eq' },
    );
    this.name = 'LegacyNumberTextAmbiguity';
  }

  within(where: string): LegacyNumberTextAmbiguity {
    return new LegacyNumberTextAmbiguity(`${where} ${this.at}`, this.operand);
  }
}
