import type { AnswerForm } from './judge-prompt.js';

/** What the final message means: a result value for the session to validate, or why there is none. */
export type ParsedAnswer = { ok: true; value: unknown } | { ok: false; message: string };

const VERDICT_LINE = /VERDICT:\s*\**\s*(pass|fail|unknown)\b/gi;
const FENCE = /^```(?:json)?\s*([\s\S]*?)\s*```$/;

/**
 * Plain text: the last `VERDICT: …` line decides and the text is the explanation. JSON: the
 * object itself (one code fence allowed); its shape is checked like any verifier's result.
 */
export function parseFinalAnswer(text: string, form: AnswerForm): ParsedAnswer {
  const trimmed = text.trim();
  if (form === 'text') {
    const matches = [...trimmed.matchAll(VERDICT_LINE)];
    const last = matches.at(-1);
    if (!last?.[1])
      return {
        ok: false,
        message:
          'the judge answered without a verdict line (expected "VERDICT: pass|fail|unknown")',
      };
    return { ok: true, value: { verdict: last[1].toLowerCase(), explanation: trimmed } };
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
