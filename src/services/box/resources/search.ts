import type { Row } from '../../../schema/json.js';
import { tags, text } from '../columns.js';
import { type BoxContext, ok } from '../context.js';
import { badRequest } from '../errors.js';
import { requestedDetail } from '../fields.js';
import { readOffsetPage, slicePage } from '../paging.js';
import { queryList, queryString } from '../query.js';
import { extensionOf, fileObject, folderObject } from '../representations.js';

// One collator for every comparison: `localeCompare` with a locale builds one per call.
const nameCollator = new Intl.Collator('en', { numeric: true });

const CONTENT_TYPES = ['name', 'description', 'file_content', 'comments', 'tags'] as const;
type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * `"exact phrase"` must appear as written; otherwise every word must appear (Box matches
 * terms, case-insensitively, across the chosen content types).
 */
function terms(query: string): string[] {
  const trimmed = query.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"'))
    return [trimmed.slice(1, -1).toLowerCase()];
  return trimmed
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== '');
}

function searchableText(
  context: BoxContext,
  item: Row,
  kind: 'file' | 'folder',
  types: readonly ContentType[],
): string {
  const parts: string[] = [];
  const id = text(item, 'id') ?? '';
  if (types.includes('name')) parts.push(text(item, 'name') ?? '');
  if (types.includes('description')) parts.push(text(item, 'description') ?? '');
  if (types.includes('tags')) parts.push(tags(item).join(' '));
  if (kind === 'file' && types.includes('comments')) {
    for (const comment of context.store.commentsByFile.get(id) ?? [])
      parts.push(text(comment, 'message') ?? '');
  }
  if (kind === 'file' && types.includes('file_content')) {
    const version = context.store.currentVersion(item);
    if (version && text(version, 'content_encoding') !== 'base64')
      parts.push(text(version, 'content') ?? '');
  }
  return parts.join('\n').toLowerCase();
}

function withinAncestors(
  context: BoxContext,
  item: Row,
  ancestorIds: readonly string[] | undefined,
): boolean {
  if (!ancestorIds || ancestorIds.length === 0 || ancestorIds.includes('0')) return true;
  return context.store
    .ancestors(item)
    .some((folder) => ancestorIds.includes(text(folder, 'id') ?? ''));
}

/** `GET /search`: active items the actor may see; name matches rank before other matches. */
export function search(context: BoxContext) {
  const { request, store, visibility } = context;
  const query = queryString(request.query?.query);
  if (query === undefined || query.trim() === '')
    return badRequest(request, "Missing required query parameter 'query'");
  const type = queryString(request.query?.type);
  if (type !== undefined && !['file', 'folder', 'web_link'].includes(type)) {
    return badRequest(
      request,
      `Invalid value '${type}' for query parameter 'type': expected file, folder or web_link`,
    );
  }
  const contentTypes = queryList(request.query?.content_types) ?? [...CONTENT_TYPES];
  const unknownType = contentTypes.find(
    (name) => !(CONTENT_TYPES as readonly string[]).includes(name),
  );
  if (unknownType !== undefined) {
    return badRequest(
      request,
      `Invalid value '${unknownType}' for query parameter 'content_types': expected ${CONTENT_TYPES.join(', ')}`,
    );
  }
  const page = readOffsetPage(request, 30, 200);
  if (typeof page === 'string') return badRequest(request, page);
  const extensions = queryList(request.query?.file_extensions)?.map((ext) =>
    ext.replace(/^\./, '').toLowerCase(),
  );
  const ancestorIds = queryList(request.query?.ancestor_folder_ids);
  const wanted = terms(query);
  const types = contentTypes as ContentType[];
  const nameTypes: ContentType[] = ['name'];

  const matches = (item: Row, kind: 'file' | 'folder', within: readonly ContentType[]): boolean => {
    const haystack = searchableText(context, item, kind, within);
    return wanted.every((term) => haystack.includes(term));
  };
  const candidates: { row: Row; kind: 'file' | 'folder' }[] = [];
  if (
    type !== 'file' &&
    type !== 'web_link' &&
    (extensions === undefined || extensions.length === 0)
  ) {
    for (const folder of store.folders.values()) {
      if (
        text(folder, 'id') === '0' ||
        text(folder, 'item_status') === 'trashed' ||
        !visibility.folder(folder)
      )
        continue;
      candidates.push({ row: folder, kind: 'folder' });
    }
  }
  if (type !== 'folder' && type !== 'web_link') {
    for (const file of store.files.values()) {
      if (text(file, 'item_status') === 'trashed' || !visibility.file(file)) continue;
      const extension = text(file, 'extension') ?? extensionOf(text(file, 'name') ?? '');
      if (extensions && extensions.length > 0 && !extensions.includes(extension.toLowerCase()))
        continue;
      candidates.push({ row: file, kind: 'file' });
    }
  }
  const found = candidates
    .filter(({ row }) => withinAncestors(context, row, ancestorIds))
    .filter(({ row, kind }) => matches(row, kind, types))
    .map((candidate) => ({
      ...candidate,
      byName: types.includes('name') && matches(candidate.row, candidate.kind, nameTypes),
    }))
    .sort(
      (a, b) =>
        Number(b.byName) - Number(a.byName) ||
        nameCollator.compare(String(a.row.name ?? ''), String(b.row.name ?? '')) ||
        String(a.row.id ?? '').localeCompare(String(b.row.id ?? '')),
    );
  const detail = requestedDetail(request, 'standard');
  const entries = slicePage(found, page).map(({ row, kind }) =>
    kind === 'file'
      ? fileObject(store, visibility, row, detail)
      : folderObject(store, visibility, row, detail, () => ({})),
  );
  return ok({
    type: 'search_results_items',
    total_count: found.length,
    limit: page.limit,
    offset: page.offset,
    entries,
  });
}
