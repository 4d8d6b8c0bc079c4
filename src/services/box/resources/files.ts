import type { JsonValue, Row } from '../../../schema/json.js';
import { count, text } from '../columns.js';
import { type BoxContext, ok } from '../context.js';
import { badRequest, bareNotFound, notFound } from '../errors.js';
import { requestedDetail } from '../fields.js';
import { readOffsetPage, slicePage } from '../paging.js';
import { queryString } from '../query.js';
import { extensionOf, fileObject, miniUser } from '../representations.js';

/** Header that marks a content body as base64 (binary files); text comes as a plain string. */
export const CONTENT_ENCODING_HEADER = 'content-transfer-encoding';

const CONTENT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  html: 'text/html',
  xml: 'application/xml',
  pdf: 'application/pdf',
};

/** An active file the actor may see, or undefined (missing, hidden and trashed look alike). */
export function visibleFile(context: BoxContext, id: string): Row | undefined {
  const file = context.store.files.get(id);
  if (!file || !context.visibility.file(file) || text(file, 'item_status') === 'trashed')
    return undefined;
  return file;
}

export function getFile(context: BoxContext) {
  const id = context.params.file_id ?? '';
  const file = visibleFile(context, id);
  if (!file) return notFound(context.request, 'file', id);
  return ok(
    fileObject(
      context.store,
      context.visibility,
      file,
      requestedDetail(context.request, 'standard'),
    ),
  );
}

/** `GET /files/{id}/trash`: a file in the trash (active ones are 404 here, as in Box). */
export function getTrashedFile(context: BoxContext) {
  const id = context.params.file_id ?? '';
  const file = context.store.files.get(id);
  if (!file || !context.visibility.file(file) || text(file, 'item_status') !== 'trashed')
    return notFound(context.request, 'file', id);
  return ok(
    fileObject(
      context.store,
      context.visibility,
      file,
      requestedDetail(context.request, 'standard'),
    ),
  );
}

/**
 * The bytes of the current version (or `?version=<file_version id>`). Box answers with a
 * redirect to a download URL; the replica answers the bytes directly: text as a string,
 * binary as base64 with `content-transfer-encoding: base64`.
 */
export function getFileContent(context: BoxContext) {
  const { request, store } = context;
  const id = context.params.file_id ?? '';
  const file = visibleFile(context, id);
  if (!file) return notFound(request, 'file', id);
  const versionId = queryString(request.query?.version);
  const version =
    versionId === undefined
      ? store.currentVersion(file)
      : (store.versionsByFile.get(id) ?? []).find((v) => text(v, 'id') === versionId);
  if (!version)
    return versionId === undefined
      ? notFound(request, 'file', id)
      : notFound(request, 'version', versionId);
  const content = text(version, 'content');
  if (content === null)
    // The snapshot lacks these bytes: Box would have them, so this is the replica's 404.
    return bareNotFound(
      request,
      `content of file ${id} (version ${text(version, 'id') ?? '?'}) is not in this snapshot`,
    );
  const extension = text(file, 'extension') ?? extensionOf(text(file, 'name') ?? '');
  const encoding = text(version, 'content_encoding') === 'base64' ? 'base64' : 'utf8';
  const headers: Record<string, string> = {
    'content-type':
      CONTENT_TYPES[extension] ??
      (encoding === 'base64' ? 'application/octet-stream' : 'text/plain'),
    'content-disposition': `attachment; filename="${text(version, 'name') ?? text(file, 'name') ?? id}"`,
  };
  if (encoding === 'base64') headers[CONTENT_ENCODING_HEADER] = 'base64';
  return { status: 200, headers, body: content };
}

function versionObject(context: BoxContext, version: Row): { [key: string]: JsonValue } {
  return {
    type: 'file_version',
    id: text(version, 'id'),
    sha1: text(version, 'sha_1'),
    name: text(version, 'name'),
    size: count(version, 'size') ?? 0,
    created_at: text(version, 'created_at'),
    modified_at: text(version, 'modified_at'),
    modified_by: miniUser(context.store, text(version, 'modified_by_id')),
    trashed_at: null,
    purged_at: null,
    version_number: text(version, 'version_number'),
  };
}

/** Box lists the *previous* versions only, newest first; the current one is the file's `file_version`. */
export function getFileVersions(context: BoxContext) {
  const { request, store } = context;
  const id = context.params.file_id ?? '';
  const file = visibleFile(context, id);
  if (!file) return notFound(request, 'file', id);
  const page = readOffsetPage(request, 1000, 1000);
  if (typeof page === 'string') return badRequest(request, page);
  const current = store.currentVersion(file);
  const previous = (store.versionsByFile.get(id) ?? [])
    .filter((version) => version !== current)
    .sort((a, b) => (count(b, 'version_number') ?? 0) - (count(a, 'version_number') ?? 0))
    .map((version) => versionObject(context, version));
  return ok({
    total_count: previous.length,
    entries: slicePage(previous, page),
    offset: page.offset,
    limit: page.limit,
  });
}
