/** A provider's answer body was larger than the judge accepts; nothing of it was parsed. */
export class AnswerTooLargeError extends Error {
  readonly code = 'answer_too_large';
  constructor(readonly limitBytes: number) {
    super(`the model provider's answer is larger than ${limitBytes} bytes (maxAnswerBytes)`);
    this.name = 'AnswerTooLargeError';
  }
}

/**
 * A `fetch` for the model client that reads each answer's body itself, stopping at
 * `limitBytes`, so an oversized (or endless) answer is never buffered whole nor parsed on the
 * host thread. The read honours the request's abort signal, so a body that trickles in past
 * the deadline ends as an abort (which the client reports as the caller's abort: a timeout).
 */
export function boundedFetch(limitBytes: number, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.body) return response;
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limitBytes) throw new AnswerTooLargeError(limitBytes);
        chunks.push(value);
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    }
    return new Response(Buffer.concat(chunks), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
