// The limits every replica enforces on a verifier's reads, in one place, so that the docs a
// verifier is given (`task.docs`) state them from the same constants the code enforces
// (docs/sandbox.md, "Budgets and bounds").
import { DEFAULT_OPERATION_LIMIT } from './budget.js';

/** Largest answer a replica may give, in characters of its JSON text (16 MiB). */
export const MAX_RESPONSE_SIZE = 16 * 1024 * 1024;

/** How one service names the refusal of an answer that is too large. */
export interface LimitWording {
  /** The error the service's envelope carries, e.g. `response_too_large`. */
  responseTooLarge: string;
  /** Limits of this service only (Linear's query complexity), one Markdown list item each. */
  own?: readonly string[];
}

/** The "Limits" section of a service's docs. */
export function limitsSection(wording: LimitWording): string {
  return [
    '## Limits',
    '',
    'Besides the page sizes above, the replica enforces these bounds on every evaluation:',
    `- **Operations**: ${DEFAULT_OPERATION_LIMIT} business operations over both snapshots together (a run may set another budget). The call beyond them is refused and the evaluation ends as an error of kind \`budget\`; a client call then throws \`BudgetExhaustedError\`.`,
    `- **Answer size**: one answer carries at most ${MAX_RESPONSE_SIZE} characters of JSON. A larger one is refused with \`${wording.responseTooLarge}\`: ask for a smaller page or fewer fields.`,
    ...(wording.own ?? []).map((item) => `- ${item}`),
    '',
  ].join('\n');
}
