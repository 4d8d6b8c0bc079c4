import { describe, expect, it } from 'vitest';
import { actorFromSeed } from '../../../src/import/agent-diff/actor.js';
import { stateOf } from './support/mini.js';

describe('actorFromSeed', () => {
  it("reads name and email from each service's user table", () => {
    const linear = stateOf({
      users: [{ id: 'u-ada', name: 'Ada Brannigan', email: 'ada@quillmere.example' }],
    });
    expect(actorFromSeed('linear', linear, 'u-ada')).toEqual({
      id: 'u-ada',
      name: 'Ada Brannigan',
      email: 'ada@quillmere.example',
    });
    const slack = stateOf(
      { users: [{ user_id: 'U0ADA', username: 'ada', real_name: 'Ada Brannigan' }] },
      { users: ['user_id'] },
    );
    expect(actorFromSeed('slack', slack, 'U0ADA')).toEqual({ id: 'U0ADA', name: 'Ada Brannigan' });
    const box = stateOf({
      box_users: [{ id: '5501', name: 'Ada Brannigan', login: 'ada@quillmere.example' }],
    });
    expect(actorFromSeed('box', box, '5501')).toEqual({
      id: '5501',
      name: 'Ada Brannigan',
      email: 'ada@quillmere.example',
    });
  });

  it('names the table it searched when the user is missing', () => {
    const calendar = stateOf({
      calendar_users: [{ id: 'cal-ada', email: 'ada@quillmere.example' }],
    });
    expect(actorFromSeed('calendar', calendar, 'cal-ada').name).toBe('ada@quillmere.example');
    expect(() => actorFromSeed('calendar', calendar, 'cal-bex')).toThrow(
      'APB_AGENT_DIFF_ACTOR: impersonated user "cal-bex" is not in calendar_users.id of seed "inline"',
    );
  });
});
