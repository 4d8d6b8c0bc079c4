import { describe, expect, it } from 'vitest';
import { type Body, call, get, rows, userNamed } from '../fixture.js';

const hubRows = rows('box_hubs');
const titled = (title: string) => hubRows.find((row) => row.title === title)!;

describe('Box hubs', () => {
  it('lists the hubs the actor created or was invited to, by title', () => {
    const marta = userNamed('Marta Kowalczyk');
    const shared = new Set(
      rows('box_collaborations')
        .filter((row) => row.item_type === 'hubs' && row.accessible_by_id === marta.id)
        .map((row) => row.item_id),
    );
    const expected = hubRows
      .filter((row) => row.created_by_id === marta.id || shared.has(row.id))
      .map((row) => row.title);
    const body = get('/hubs').body;
    expect(body.entries.map((entry: Body) => entry.title)).toEqual(
      [...expected].sort((a, b) => String(a).toLowerCase().localeCompare(String(b).toLowerCase())),
    );
    expect(body.entries.map((entry: Body) => entry.title)).not.toContain('HR handbook');
    expect(get(`/hubs/${titled('HR handbook').id}`).status).toBe(404);
  });

  it('pages hubs with a marker until next_marker is null', () => {
    const all = get('/hubs').body.entries;
    const seen: Body[] = [];
    let marker: string | undefined;
    do {
      const page = get('/hubs', marker === undefined ? { limit: 1 } : { limit: 1, marker }).body;
      seen.push(...page.entries);
      marker = page.next_marker ?? undefined;
    } while (marker !== undefined);
    expect(seen).toEqual(all);
    expect(get('/hubs', { marker: 'bogus' }).status).toBe(400);
  });

  it("lists a hub's items with their names", () => {
    const hub = titled('Orchard Lane - client pack');
    const expected = rows('box_hub_items').filter((row) => row.hub_id === hub.id);
    const body = get('/hub_items', { hub_id: String(hub.id) }).body;
    expect(body.entries).toEqual(
      expected.map((row) => ({ type: row.item_type, id: row.item_id, name: row.item_name })),
    );
    expect(get('/hub_items').status).toBe(400);
  });

  it('hides hub items the actor cannot open', () => {
    const hub = titled('HR handbook');
    const owen = userNamed('Owen Achterberg');
    const priya = userNamed('Priya Desai');
    expect(
      get('/hub_items', { hub_id: String(hub.id) }, { actor: owen }).body.entries,
    ).toHaveLength(1);
    expect(get('/hub_items', { hub_id: String(hub.id) }, { actor: priya }).status).toBe(404);
  });

  it('accepts box-version 2025.0 and refuses any other version', () => {
    expect(call({ path: '/hubs', headers: { 'box-version': '2025.0' } }).status).toBe(200);
    expect(call({ path: '/hubs', headers: { 'Box-Version': '2024.0' } }).status).toBe(400);
  });

  it("splits hubs into editable and view-only by the actor's role", () => {
    const marta = userNamed('Marta Kowalczyk');
    const all = get('/hubs').body.entries;
    const editable = get('/hubs', { scope: 'editable' }).body.entries.map(
      (entry: Body) => entry.title,
    );
    const viewOnly = get('/hubs', { scope: 'view_only' }).body.entries.map(
      (entry: Body) => entry.title,
    );
    const ownTitles = hubRows
      .filter((row) => row.created_by_id === marta.id)
      .map((row) => row.title);
    expect([...editable].sort()).toEqual([...ownTitles].sort());
    expect(viewOnly.length).toBeGreaterThan(0);
    expect([...editable, ...viewOnly].sort()).toEqual(all.map((entry: Body) => entry.title).sort());
    expect(get('/hubs', { scope: 'mine' }).body.message).toContain('scope');
  });
});
