import { describe, expect, it } from 'vitest';
import { messageText } from '../../../../src/import/agent-diff/construct/thin-text.js';
import { stateOf } from '../support/mini.js';

const before = stateOf(
  {
    messages: [
      {
        message_id: '1.1',
        ts: '1.1',
        channel_id: 'C9',
        message_text: 'Anyone tried Gemini 1.5 yet?',
      },
      {
        message_id: '2.1',
        ts: '2.1',
        channel_id: 'C9',
        message_text: 'Is the Gemini preview good?',
      },
      { message_id: '3.1', ts: '3.1', channel_id: 'C9', message_text: 'Who wants garlic knots?' },
    ],
  },
  { messages: ['message_id'] },
);

describe('the text of a message the assertions ask only parts of', () => {
  it('a failure the instruction asks to report is said in its own words', () => {
    const instruction =
      "Try to invite the user 'ElonMusk' to #general. If you can't find him, inform me (Hubert) via Slack.";
    expect(messageText('find', instruction, before)).toEqual({
      ok: true,
      text: "Could not invite the user 'ElonMusk' to #general: I can't find him.",
    });
  });

  it('keeps a word the instruction quotes as the message', () => {
    expect(messageText('hello', "Send a 'hello' message to #general", before)).toEqual({
      ok: true,
      text: 'hello',
    });
  });

  it('a reposted message is the original holding the word, refused when several hold it', () => {
    const repost =
      'Find all questions in #random and post each one to #general as separate messages.';
    expect(messageText('garlic knots', repost, before)).toEqual({
      ok: true,
      text: 'Who wants garlic knots?',
    });
    expect(messageText('knots', repost, before)).toEqual({
      ok: true,
      text: 'Who wants garlic knots?',
    });
    expect(messageText('Gemini', repost, before)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("2 messages of the before-state hold 'Gemini'"),
    });
  });

  it('refuses a summary made of keywords and a lone keyword nothing explains', () => {
    const summary =
      "Summarize the discussion about 'Gemini' in #random and post the summary to #engineering.";
    expect(messageText('frontend\nFlash', summary, before)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('summary'),
    });
    expect(messageText('find', 'Find the outage and tell Hubert.', before)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("only for the word 'find'"),
    });
    // A lone answer the instruction does not spell is the answer asked for.
    expect(messageText('Robert', 'Reply with the admin names.', before)).toEqual({
      ok: true,
      text: 'Robert',
    });
  });
});
