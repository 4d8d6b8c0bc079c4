import { describe, expect, it } from 'vitest';
import { type Body, baseState, get, rows, userNamed } from '../fixture.js';

const marta = userNamed('Marta Kowalczyk');
const favoritesOf = (userId: string) =>
  rows('box_collections').find((row) => row.user_id === userId)!;

describe('Box collections', () => {
  it("lists only the actor's own Favorites collection", () => {
    const body = get('/collections').body;
    const own = favoritesOf(marta.id);
    expect(body.entries).toEqual([
      { type: 'collection', id: own.id, name: 'Favorites', collection_type: 'favorites' },
    ]);
    expect(get(`/collections/${own.id}`).body.id).toBe(own.id);
    const other = favoritesOf(userNamed('Priya Raman').id);
    expect(get(`/collections/${other.id}`).status).toBe(404);
    expect(get(`/collections/${other.id}/items`).status).toBe(404);
  });

  it("lists the collection's items in the order they were added, with paging", () => {
    const own = favoritesOf(marta.id);
    const expected = rows('box_collection_items')
      .filter((row) => row.collection_id === own.id)
      .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
      .map((row) => ({ type: row.item_type, id: row.item_id }));
    expect(expected.length).toBeGreaterThan(2);
    const body = get(`/collections/${own.id}/items`).body;
    expect(body.entries.map((entry: Body) => ({ type: entry.type, id: entry.id }))).toEqual(
      expected,
    );
    expect(get(`/collections/${own.id}/items`, { limit: 1, offset: 2 }).body.entries).toEqual([
      body.entries[2],
    ]);
  });

  it('leaves out favourited items that are no longer active', () => {
    const own = favoritesOf(marta.id);
    const favourite = rows('box_collection_items').find(
      (row) => row.collection_id === own.id && row.item_type === 'file',
    )!;
    const { state } = baseState.apply([
      {
        op: 'update',
        table: 'box_files',
        key: { id: favourite.item_id! },
        set: { item_status: 'trashed' },
      },
    ]);
    const before = get(`/collections/${own.id}/items`).body.entries.map((entry: Body) => entry.id);
    const after = get(`/collections/${own.id}/items`, undefined, { state }).body.entries.map(
      (entry: Body) => entry.id,
    );
    expect(after).toEqual(before.filter((id: string) => id !== favourite.item_id));
  });
});
