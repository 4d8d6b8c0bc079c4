import type { AnswerForm } from './judge-prompt.js';

/** What the final message means: a result value for the session to validate, or why there is none. */
export type ParsedAnswer = { ok: true; value: unknown } | { ok: false; message: string };

// The whole last line, e.g. `VERDICT: pass` or `**VERDICT: fail**`; nothing else on it.
const VERDICT_LINE = /^\**\s*VERDICT:\s*\**\s*(pass|fail|unknown)\s*\**\s*\.?\s*$/i;
const FENCE = /^```(?:json)?\s*([\s\S]*?)\s*```$/;

/**
 * Plain text: the answer's last non-empty line must be the verdict line, and only it decides
 * (a `VERDICT:` quoted from the data anywhere else cannot flip it); the text is the explanation. JSON: the
 * object itself (one code fence allowed); its shape is checked like any verifier's result.
 */
export function parseFinalAnswer(text: string, form: AnswerForm): ParsedAnswer {
  const trimmed = text.trim();
  if (form === 'text') {
    const lastLine = trimmed.split('\n').at(-1) ?? '';
    const verdict = VERDICT_LINE.exec(lastLine.trim())?.[1];
    if (!verdict)
      return {
        ok: false,
        message:
          'the judge\'s answer does not end with a verdict line (expected a last line "VERDICT: pass|fail|unknown")',
      };
    return { ok: true, value: { verdict: verdict.toLowerCase(), explanation: trimmed } };
  }
  const body = FENCE.exec(trimmed)?.[1] ?? trimmed;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return {
      ok: false,
      message: `the judge's answer is not a JSON object: ${JSON.stringify(trimmed.slice(0, 80))}`,
    };
  }
}
