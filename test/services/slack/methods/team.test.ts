import { describe, expect, it } from 'vitest';
import { call, marenActor, seed, userByName } from '../builtin-seed.js';

describe('auth.test / team.info', () => {
  it('identifies the actor and the workspace', () => {
    const team = seed.tables.teams!.rows[0]!;
    expect(call('auth.test')).toMatchObject({
      ok: true,
      user_id: marenActor.id,
      user: userByName('Maren Holt').username,
      team_id: team.team_id,
      team: team.team_name,
      url: `https://${team.domain}.slack.com/`,
    });
    expect(call('team.info').team).toMatchObject({
      id: team.team_id,
      name: team.team_name,
      domain: team.domain,
    });
  });

  it('rejects an actor who is not a user of the workspace', () => {
    expect(call('auth.test', {}, undefined, { id: 'U0STRANGER0', name: 'Stranger' })).toEqual({
      ok: false,
      error: 'invalid_auth',
    });
  });
});
