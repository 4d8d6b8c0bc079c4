import { describe, expect, it } from 'vitest';
import { baseState, get, marta } from '../fixture.js';
import {
  BOX_ID,
  expectRefusal,
  inserted,
  NOW,
  patchOf,
  priyaDesai,
  stateAfter,
  write,
} from './helpers.js';

const MARTA_HUB = '331490797'; // Orchard Lane - client pack
const SURVEY_HUB = '198186599'; // Priya Raman's; Marta is a viewer
const BRIEF = '9798917088'; // already in Marta's hub
const OLD_BRIEF = '2181916320'; // not in it

describe('POST /hubs', () => {
  it('inserts the hub with Box’s defaults', () => {
    const result = write({
      method: 'POST',
      path: '/hubs',
      headers: { 'box-version': '2025.0' },
      body: { title: 'Handover pack', description: 'For the client' },
    });
    const [row] = inserted(patchOf(result), 'box_hubs');
    expect(row).toEqual({
      id: expect.stringMatching(/^[1-9]\d{8}$/),
      type: 'hubs',
      title: 'Handover pack',
      description: 'For the client',
      created_by_id: marta.id,
      updated_by_id: marta.id,
      created_at: NOW,
      updated_at: NOW,
      is_ai_enabled: true,
      can_non_owners_invite: false,
      can_shared_link_be_created: true,
      is_collaboration_restricted_to_enterprise: true,
      view_count: 0,
    });
    expect(get(`/hubs/${row!.id}`, undefined, { state: stateAfter(result) }).body.title).toBe(
      'Handover pack',
    );
  });

  it('refuses a missing or over-long title and a wrong box-version with 400', () => {
    expectRefusal(write({ method: 'POST', path: '/hubs', body: {} }), 400, 'bad_request');
    expectRefusal(
      write({ method: 'POST', path: '/hubs', body: { title: 'x'.repeat(51) } }),
      400,
      'bad_request',
    );
    expectRefusal(
      write({
        method: 'POST',
        path: '/hubs',
        headers: { 'box-version': '2024.0' },
        body: { title: 'x' },
      }),
      400,
      'bad_request',
    );
  });
});

describe('PUT /hubs/:id and DELETE /hubs/:id', () => {
  it('updates the creator’s hub with updated_at/by, deletes it with its items', () => {
    expect(
      patchOf(write({ method: 'PUT', path: `/hubs/${MARTA_HUB}`, body: { title: 'Client pack' } })),
    ).toEqual([
      {
        op: 'update',
        table: 'box_hubs',
        key: { id: MARTA_HUB },
        set: { title: 'Client pack', updated_at: NOW, updated_by_id: marta.id },
      },
    ]);
    const items = baseState.rows('box_hub_items').filter((row) => row.hub_id === MARTA_HUB);
    const result = write({ method: 'DELETE', path: `/hubs/${MARTA_HUB}` });
    expect(patchOf(result)).toEqual([
      ...items.map((row) => ({ op: 'delete', table: 'box_hub_items', key: { id: row.id } })),
      { op: 'delete', table: 'box_hubs', key: { id: MARTA_HUB } },
    ]);
    expect(get(`/hubs/${MARTA_HUB}`, undefined, { state: stateAfter(result) }).status).toBe(404);
  });

  it('is refused 403 for a viewer of the hub, 404 for one who cannot see it, 400 for a non-boolean flag', () => {
    expectRefusal(
      write({ method: 'PUT', path: `/hubs/${SURVEY_HUB}`, body: { title: 'Mine' } }),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({ method: 'DELETE', path: `/hubs/${SURVEY_HUB}` }),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write(
        { method: 'PUT', path: `/hubs/${MARTA_HUB}`, body: { title: 'x' } },
        { actor: priyaDesai },
      ),
      404,
      'not_found',
    );
    expectRefusal(
      write({ method: 'PUT', path: `/hubs/${MARTA_HUB}`, body: { is_ai_enabled: 'no' } }),
      400,
      'bad_request',
    );
  });
});

describe('POST /hubs/:id/manage_items', () => {
  it('adds an item (207 per operation) and stamps the hub', () => {
    const result = write({
      method: 'POST',
      path: `/hubs/${MARTA_HUB}/manage_items`,
      body: { operations: [{ action: 'add', item: { type: 'file', id: OLD_BRIEF } }] },
    });
    const patch = patchOf(result);
    expect(inserted(patch, 'box_hub_items')).toEqual([
      {
        id: expect.stringMatching(BOX_ID),
        hub_id: MARTA_HUB,
        item_id: OLD_BRIEF,
        item_type: 'file',
        item_name: 'Orchard Lane Community Garden - client brief (old).md',
        created_at: NOW,
      },
    ]);
    expect(patch[1]).toEqual({
      op: 'update',
      table: 'box_hubs',
      key: { id: MARTA_HUB },
      set: { updated_at: NOW, updated_by_id: marta.id },
    });
    if (result.ok)
      expect([result.status, result.response]).toEqual([
        207,
        { operations: [{ action: 'add', item: { type: 'file', id: OLD_BRIEF }, status: 200 }] },
      ]);
    const state = stateAfter(result);
    const listed = get('/hub_items', { hub_id: MARTA_HUB }, { state }).body.entries;
    expect(listed).toContainEqual({
      type: 'file',
      id: OLD_BRIEF,
      name: 'Orchard Lane Community Garden - client brief (old).md',
    });
  });

  it('removes an item that is in the hub', () => {
    const items = baseState
      .rows('box_hub_items')
      .filter((row) => row.hub_id === MARTA_HUB && row.item_id === BRIEF);
    expect(
      patchOf(
        write({
          method: 'POST',
          path: `/hubs/${MARTA_HUB}/manage_items`,
          body: { operations: [{ action: 'remove', item: { type: 'file', id: BRIEF } }] },
        }),
      )[0],
    ).toEqual({ op: 'delete', table: 'box_hub_items', key: { id: items[0]!.id } });
  });

  it('is refused 403 for a hub viewer, 404 for an item not in the hub or not visible, 400 for a bad operation', () => {
    const add = { operations: [{ action: 'add', item: { type: 'file', id: OLD_BRIEF } }] };
    expectRefusal(
      write({ method: 'POST', path: `/hubs/${SURVEY_HUB}/manage_items`, body: add }),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({
        method: 'POST',
        path: `/hubs/${MARTA_HUB}/manage_items`,
        body: { operations: [{ action: 'remove', item: { type: 'file', id: OLD_BRIEF } }] },
      }),
      404,
      'not_found',
    );
    expectRefusal(
      write({
        method: 'POST',
        path: `/hubs/${MARTA_HUB}/manage_items`,
        body: { operations: [{ action: 'pin', item: { type: 'file', id: OLD_BRIEF } }] },
      }),
      400,
      'bad_request',
    );
  });
});
