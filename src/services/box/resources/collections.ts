import type { JsonValue, Row } from '../../../schema/json.js';
import { text } from '../columns.js';
import { type BoxContext, ok } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { requestedDetail } from '../fields.js';
import { derivedId } from '../ids.js';
import { readOffsetPage, slicePage } from '../paging.js';
import { fileObject, folderObject } from '../representations.js';
import { visibleFile } from './files.js';
import { visibleFolder } from './folders.js';

function collectionObject(collection: Row): { [key: string]: JsonValue } {
  return {
    type: 'collection',
    id: text(collection, 'id'),
    name: text(collection, 'name') ?? 'Favorites',
    collection_type: text(collection, 'collection_type') ?? 'favorites',
  };
}

/**
 * Collections belong to one user; another user's answer like missing ones. Box gives
 * every user a Favorites collection, so a seed that stores none for the actor (Agent-Diff's
 * has no collections table) still lists an empty one, numbered from the user id.
 */
function ownCollections(context: BoxContext): Row[] {
  const actorId = context.visibility.actorId;
  const own = context.store.collections.filter((row) => text(row, 'user_id') === actorId);
  if (own.some((row) => (text(row, 'collection_type') ?? 'favorites') === 'favorites')) return own;
  const favorites = {
    id: derivedId(`favorites:${actorId}`),
    name: 'Favorites',
    collection_type: 'favorites',
    user_id: actorId,
  };
  return [favorites, ...own];
}

export function listCollections(context: BoxContext) {
  const page = readOffsetPage(context.request, 100, 1000);
  if (typeof page === 'string') return badRequest(context.request, page);
  const all = ownCollections(context).map(collectionObject);
  return ok({
    total_count: all.length,
    entries: slicePage(all, page),
    offset: page.offset,
    limit: page.limit,
  });
}

export function getCollection(context: BoxContext) {
  const id = context.params.collection_id ?? '';
  const collection = ownCollections(context).find((row) => text(row, 'id') === id);
  if (!collection) return notFound(context.request, 'collection', id);
  return ok(collectionObject(collection));
}

/** `GET /collections/{id}/items`: the collection's active items the actor can open, oldest addition first. */
export function getCollectionItems(context: BoxContext) {
  const { request, store, visibility } = context;
  const id = context.params.collection_id ?? '';
  if (!ownCollections(context).some((row) => text(row, 'id') === id))
    return notFound(request, 'collection', id);
  const page = readOffsetPage(request, 100, 1000);
  if (typeof page === 'string') return badRequest(request, page);
  const detail = requestedDetail(request, 'mini');
  const entries = [...(store.collectionItemsByCollection.get(id) ?? [])]
    .sort(
      (a, b) =>
        String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')) ||
        String(a.id ?? '').localeCompare(String(b.id ?? '')),
    )
    .flatMap((item) => {
      const itemId = text(item, 'item_id') ?? '';
      if (text(item, 'item_type') === 'folder') {
        const folder = visibleFolder(context, itemId);
        return folder ? [folderObject(store, visibility, folder, detail, () => ({}))] : [];
      }
      const file = visibleFile(context, itemId);
      return file ? [fileObject(store, visibility, file, detail)] : [];
    });
  return ok({
    total_count: entries.length,
    entries: slicePage(entries, page),
    offset: page.offset,
    limit: page.limit,
  });
}
