import type { JsonValue, Row } from '../../../schema/json.js';
import { text } from '../columns.js';
import { type BoxContext, ok } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { requestedDetail } from '../fields.js';
import { readOffsetPage, slicePage } from '../paging.js';
import { queryString } from '../query.js';
import { type Detail, fileObject, folderObject } from '../representations.js';

const SORTS = { id: 'id', name: 'name', date: 'modified_at', size: 'size' } as const;
type SortName = keyof typeof SORTS;

interface ItemOrder {
  sort: SortName;
  direction: 'ASC' | 'DESC';
}

/** An active folder the actor may see, or undefined (missing, hidden and trashed look alike). */
export function visibleFolder(context: BoxContext, id: string): Row | undefined {
  const folder = context.store.folders.get(id);
  if (!folder || !context.visibility.folder(folder) || text(folder, 'item_status') === 'trashed')
    return undefined;
  return folder;
}

/** Active children the actor may see; at the root also the items shared with them from elsewhere. */
function children(context: BoxContext, folderId: string): { folders: Row[]; files: Row[] } {
  const { store, visibility } = context;
  const active = (row: Row): boolean => text(row, 'item_status') !== 'trashed';
  if (folderId === '0') {
    return {
      folders: [...store.folders.values()].filter(
        (f) =>
          text(f, 'id') !== '0' && active(f) && visibility.folder(f) && visibility.isTopLevel(f),
      ),
      files: [...store.files.values()].filter(
        (f) => active(f) && visibility.file(f) && visibility.isTopLevel(f),
      ),
    };
  }
  return {
    folders: (store.foldersByParent.get(folderId) ?? []).filter(
      (f) => text(f, 'id') !== folderId && active(f) && visibility.folder(f),
    ),
    files: (store.filesByParent.get(folderId) ?? []).filter((f) => active(f) && visibility.file(f)),
  };
}

// `localeCompare` with a locale or options builds an ICU collator at every call; one
// collator with the same locale and options compares exactly as it does.
const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compare(a: Row, b: Row, order: ItemOrder): number {
  const column = SORTS[order.sort];
  const left = a[column] ?? null;
  const right = b[column] ?? null;
  let result: number;
  if (order.sort === 'size') result = Number(left ?? 0) - Number(right ?? 0);
  else if (order.sort === 'id' && /^\d+$/.test(String(left)) && /^\d+$/.test(String(right)))
    result = Number(left) - Number(right);
  else result = nameCollator.compare(String(left ?? ''), String(right ?? ''));
  if (result === 0) result = String(a.id ?? '').localeCompare(String(b.id ?? ''));
  return order.direction === 'DESC' ? -result : result;
}

/** Box sorts by type first (folders, then files), then by the requested field. */
function orderedEntries(
  context: BoxContext,
  folderId: string,
  order: ItemOrder,
  detail: Detail,
): { [key: string]: JsonValue }[] {
  const { folders, files } = children(context, folderId);
  const { store, visibility } = context;
  return [
    ...folders
      .sort((a, b) => compare(a, b, order))
      .map((folder) => folderObject(store, visibility, folder, detail, () => ({}))),
    ...files
      .sort((a, b) => compare(a, b, order))
      .map((file) => fileObject(store, visibility, file, detail)),
  ];
}

function orderJson(order: ItemOrder): JsonValue {
  return [
    { by: 'type', direction: 'ASC' },
    { by: order.sort, direction: order.direction },
  ];
}

export function itemCollection(
  context: BoxContext,
  folderId: string,
): { [key: string]: JsonValue } {
  const order: ItemOrder = { sort: 'name', direction: 'ASC' };
  const all = orderedEntries(context, folderId, order, 'mini');
  return {
    total_count: all.length,
    entries: all.slice(0, 100),
    offset: 0,
    limit: 100,
    order: orderJson(order),
  };
}

export function getFolder(context: BoxContext) {
  const id = context.params.folder_id ?? '';
  const folder = visibleFolder(context, id);
  if (!folder) return notFound(context.request, 'folder', id);
  return ok(
    folderObject(
      context.store,
      context.visibility,
      folder,
      requestedDetail(context.request, 'standard'),
      () => itemCollection(context, id),
    ),
  );
}

export function getFolderItems(context: BoxContext) {
  const { request } = context;
  const id = context.params.folder_id ?? '';
  if (!visibleFolder(context, id)) return notFound(request, 'folder', id);
  const page = readOffsetPage(request, 100, 1000);
  if (typeof page === 'string') return badRequest(request, page);
  const sort = (queryString(request.query?.sort) ?? 'name').toLowerCase();
  if (!Object.hasOwn(SORTS, sort))
    return badRequest(
      request,
      `Invalid value '${sort}' for query parameter 'sort': expected one of id, name, date, size`,
    );
  const direction = (queryString(request.query?.direction) ?? 'ASC').toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC')
    return badRequest(
      request,
      `Invalid value '${direction}' for query parameter 'direction': expected ASC or DESC`,
    );
  const order: ItemOrder = { sort: sort as SortName, direction };
  const all = orderedEntries(context, id, order, requestedDetail(request, 'mini'));
  return ok({
    total_count: all.length,
    entries: slicePage(all, page),
    offset: page.offset,
    limit: page.limit,
    order: orderJson(order),
  });
}

/** `GET /folders/{id}/trash`: a folder that is in the trash (active ones are 404 here, as in Box). */
export function getTrashedFolder(context: BoxContext) {
  const id = context.params.folder_id ?? '';
  const folder = context.store.folders.get(id);
  if (!folder || !context.visibility.folder(folder) || text(folder, 'item_status') !== 'trashed')
    return notFound(context.request, 'folder', id);
  return ok(
    folderObject(
      context.store,
      context.visibility,
      folder,
      requestedDetail(context.request, 'standard'),
      () => itemCollection(context, id),
    ),
  );
}
