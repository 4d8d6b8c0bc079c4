import type { JsonValue, Row } from '../../../schema/json.js';
import type { ApiResponse } from '../../api.js';
import { count, flag, text } from '../columns.js';
import { type BoxContext, ok } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { queryString } from '../query.js';
import { miniUser } from '../representations.js';
import { visibleFile } from './files.js';
import { visibleFolder } from './folders.js';

/** Box Hubs need `box-version: 2025.0`; a missing header is accepted (the verifier `get` cannot send one), a wrong one is not. */
function checkVersionHeader(context: BoxContext): ApiResponse | undefined {
  const headers = context.request.headers ?? {};
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'box-version');
  if (entry && entry[1] !== '2025.0')
    return badRequest(
      context.request,
      `Unsupported box-version '${entry[1]}': Hubs require box-version 2025.0`,
    );
  return undefined;
}

/** Marker paging: the marker is the opaque position of the next entry. */
function readMarkerPage(context: BoxContext): { start: number; limit: number } | string {
  const marker = queryString(context.request.query?.marker);
  const rawLimit = queryString(context.request.query?.limit);
  if (rawLimit !== undefined && !/^\d+$/.test(rawLimit))
    return `Invalid value '${rawLimit}' for query parameter 'limit': expected a non-negative integer`;
  const limit = Math.min(rawLimit === undefined ? 100 : Number(rawLimit), 1000);
  if (marker === undefined || marker === '') return { start: 0, limit };
  const match = /^m(\d+)$/.exec(marker);
  if (!match) return `Invalid value '${marker}' for query parameter 'marker'`;
  return { start: Number(match[1]), limit };
}

function markerPage<T>(
  all: readonly T[],
  page: { start: number; limit: number },
): { entries: T[]; next_marker: string | null; limit: number } {
  const end = page.start + page.limit;
  return {
    entries: all.slice(page.start, end),
    next_marker: end < all.length ? `m${end}` : null,
    limit: page.limit,
  };
}

function hubObject(context: BoxContext, hub: Row): { [key: string]: JsonValue } {
  return {
    type: 'hubs',
    id: text(hub, 'id'),
    title: text(hub, 'title'),
    description: text(hub, 'description') ?? '',
    created_at: text(hub, 'created_at'),
    updated_at: text(hub, 'updated_at'),
    created_by: miniUser(context.store, text(hub, 'created_by_id')),
    updated_by: miniUser(context.store, text(hub, 'updated_by_id')),
    view_count: count(hub, 'view_count') ?? 0,
    is_ai_enabled: flag(hub, 'is_ai_enabled'),
    is_collaboration_restricted_to_enterprise: flag(
      hub,
      'is_collaboration_restricted_to_enterprise',
    ),
    can_non_owners_invite: flag(hub, 'can_non_owners_invite'),
    can_shared_link_be_created: flag(hub, 'can_shared_link_be_created'),
  };
}

const HUB_SORTS: Record<string, (row: Row) => string | number> = {
  name: (row) => (text(row, 'title') ?? '').toLowerCase(),
  updated_at: (row) => text(row, 'updated_at') ?? '',
  view_count: (row) => count(row, 'view_count') ?? 0,
  relevance: (row) => (text(row, 'title') ?? '').toLowerCase(),
  last_accessed_at: (row) => text(row, 'updated_at') ?? '',
};

export function listHubs(context: BoxContext) {
  const { request } = context;
  const versionError = checkVersionHeader(context);
  if (versionError) return versionError;
  const page = readMarkerPage(context);
  if (typeof page === 'string') return badRequest(request, page);
  const sortName = queryString(request.query?.sort) ?? 'name';
  const sortKey = HUB_SORTS[sortName];
  if (!sortKey)
    return badRequest(
      request,
      `Invalid value '${sortName}' for query parameter 'sort': expected ${Object.keys(HUB_SORTS).join(', ')}`,
    );
  const direction = (queryString(request.query?.direction) ?? 'ASC').toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC')
    return badRequest(
      request,
      `Invalid value '${direction}' for query parameter 'direction': expected ASC or DESC`,
    );
  const scope = queryString(request.query?.scope) ?? 'all';
  if (!['all', 'editable', 'view_only'].includes(scope)) {
    return badRequest(
      request,
      `Invalid value '${scope}' for query parameter 'scope': expected editable, view_only or all`,
    );
  }
  const needle = queryString(request.query?.query)?.toLowerCase();
  const hubs = context.store.hubRows
    .filter((hub) => context.visibility.hub(hub))
    .filter(
      (hub) => scope === 'all' || context.visibility.canEditHub(hub) === (scope === 'editable'),
    )
    .filter(
      (hub) =>
        needle === undefined ||
        `${text(hub, 'title') ?? ''} ${text(hub, 'description') ?? ''}`
          .toLowerCase()
          .includes(needle),
    )
    .sort((a, b) => {
      const left = sortKey(a);
      const right = sortKey(b);
      const result =
        left < right ? -1 : left > right ? 1 : String(a.id ?? '').localeCompare(String(b.id ?? ''));
      return direction === 'DESC' ? -result : result;
    })
    .map((hub) => hubObject(context, hub));
  return ok(markerPage(hubs, page));
}

export function getHub(context: BoxContext) {
  const versionError = checkVersionHeader(context);
  if (versionError) return versionError;
  const id = context.params.hub_id ?? '';
  const hub = context.store.hubs.get(id);
  if (!hub || !context.visibility.hub(hub)) return notFound(context.request, 'hub', id);
  return ok(hubObject(context, hub));
}

/** `GET /hub_items?hub_id=`: the hub's items the actor can open (others stay invisible). */
export function listHubItems(context: BoxContext) {
  const { request } = context;
  const versionError = checkVersionHeader(context);
  if (versionError) return versionError;
  const hubId = queryString(request.query?.hub_id);
  if (hubId === undefined || hubId === '')
    return badRequest(request, "Missing required query parameter 'hub_id'");
  const hub = context.store.hubs.get(hubId);
  if (!hub || !context.visibility.hub(hub)) return notFound(request, 'hub', hubId);
  const page = readMarkerPage(context);
  if (typeof page === 'string') return badRequest(request, page);
  const items = [...(context.store.hubItemsByHub.get(hubId) ?? [])]
    .sort(
      (a, b) =>
        String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')) ||
        String(a.id ?? '').localeCompare(String(b.id ?? '')),
    )
    .flatMap((item) => {
      const itemId = text(item, 'item_id') ?? '';
      const type = text(item, 'item_type') ?? 'file';
      const row =
        type === 'folder'
          ? visibleFolder(context, itemId)
          : type === 'file'
            ? visibleFile(context, itemId)
            : undefined;
      if (!row) return [];
      return [{ type, id: itemId, name: text(row, 'name') ?? text(item, 'item_name') }];
    });
  return ok(markerPage(items, page));
}
