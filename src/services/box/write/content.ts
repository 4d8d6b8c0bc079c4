// File bytes: POST /files/content (upload), POST /files/:id/content (new version), copies.
//
// Box uploads are multipart: an `attributes` JSON part and a `file` part. A call is JSON here,
// so the body stands in for both: `{attributes: {name, parent: {id}}, content, content_encoding}`
// with `content` the bytes as text (`utf8`, the default) or base64 (docs/replicas.md).
import { createHash } from 'node:crypto';
import type { Row } from '../../../schema/json.js';
import type { Patch, PatchOp } from '../../../schema/patch.js';
import type { WriteOperation, WriteResult } from '../../write-model.js';
import { count, text } from '../columns.js';
import { extensionOf } from '../representations.js';
import {
  checkEtag,
  checkName,
  checkNameFree,
  descendants,
  destinationFolder,
  isTrashed,
  lookupItem,
  nextSequence,
  refused,
  requireRole,
} from './access.js';
import {
  boxTime,
  idTaken,
  isObject,
  newId,
  readBack,
  referenceId,
  refuseBadRequest,
  refuseNotFound,
  success,
  type WriteContext,
} from './context.js';
import { ownerIn } from './items.js';

const NEW_FILE_STAMPS = [
  'id',
  'created_at',
  'modified_at',
  'created_by_id',
  'modified_by_id',
  'owned_by_id (the folder’s owner)',
  'size',
  'sha_1',
  'extension',
  'version_number "1"',
  'sequence_id "0"',
  'etag "0"',
  'item_status "active"',
  'comment_count 0',
  'a box_file_versions row (id, version_number "1", sha_1, size, content)',
];

export const CONTENT_OPERATIONS: readonly WriteOperation[] = [
  {
    name: 'POST /files/content',
    permission:
      'a role that may upload into the folder (owner, co-owner, editor, viewer uploader, previewer uploader, uploader); the name must be valid and free there',
    serverWritten: NEW_FILE_STAMPS,
  },
  {
    name: 'POST /files/:id/content',
    permission: 'a role with can_upload on the file; If-Match must equal the etag when sent',
    serverWritten: [
      'a box_file_versions row (id, version_number + 1, sha_1, size, content)',
      'size',
      'sha_1',
      'version_number',
      'modified_at',
      'content_modified_at',
      'modified_by_id',
      'sequence_id + 1',
      'etag',
    ],
  },
  {
    name: 'POST /files/:id/copy',
    permission:
      'a role with can_download on the file and can_upload on the destination; the name must be free there',
    serverWritten: [
      ...NEW_FILE_STAMPS.filter((field) => field !== 'sha_1' && field !== 'size'),
      'content_created_at and content_modified_at (the source’s)',
    ],
  },
  {
    name: 'POST /folders/:id/copy',
    permission:
      'a role with can_download on the folder and can_upload on the destination; not the root, not into its own subtree',
    serverWritten: [
      'for the folder and each active item below it: the fields POST /folders and POST /files/:id/copy write',
    ],
  },
];

interface Bytes {
  content: string;
  encoding: 'utf8' | 'base64';
  buffer: Buffer;
}

function readBytes(context: WriteContext): Bytes | WriteResult {
  const { content, content_encoding: encoding = 'utf8' } = context.body;
  if (typeof content !== 'string')
    return refuseBadRequest(context, "Missing required field 'content' (the file's bytes)");
  if (encoding !== 'utf8' && encoding !== 'base64')
    return refuseBadRequest(context, "Invalid value for 'content_encoding': utf8 or base64");
  if (encoding === 'base64' && !/^[A-Za-z0-9+/]*={0,2}$/.test(content))
    return refuseBadRequest(context, "Invalid value for 'content': not base64");
  return { content, encoding, buffer: Buffer.from(content, encoding) };
}

function isBytes(value: Bytes | WriteResult): value is Bytes {
  return 'buffer' in value;
}

function versionRow(
  context: WriteContext,
  fileId: string,
  name: string,
  number: number,
  bytes: Pick<Bytes, 'content' | 'encoding'> & { sha1: string; size: number },
  inserted: readonly Row[],
): Row {
  const now = boxTime(context.env.now());
  return {
    id: newId(context.env, 10, idTaken(context, 'box_file_versions', inserted)),
    type: 'file_version',
    file_id: fileId,
    sha_1: bytes.sha1,
    name,
    size: bytes.size,
    created_at: now,
    modified_at: now,
    modified_by_id: context.actor.id,
    version_number: String(number),
    content: bytes.content,
    content_encoding: bytes.encoding,
  };
}

function sha1(buffer: Buffer): string {
  return createHash('sha1').update(buffer).digest('hex');
}

/** `POST /files/content`: a new file with its first version. */
export function uploadFile(context: WriteContext): WriteResult {
  const attributes = context.body.attributes;
  if (!isObject(attributes))
    return refuseBadRequest(context, "Missing required field 'attributes' (name and parent)");
  const parentId = referenceId(attributes.parent);
  if (parentId === undefined)
    return refuseBadRequest(
      context,
      "Missing required field 'attributes.parent' (an object with an 'id')",
    );
  const parent = destinationFolder(context, parentId, 'upload into it');
  if (refused(parent)) return parent;
  const invalid = checkName(context, attributes.name);
  if (invalid) return invalid;
  const bytes = readBytes(context);
  if (!isBytes(bytes)) return bytes;
  const name = attributes.name as string;
  const taken = checkNameFree(context, parentId, name);
  if (taken) return taken;
  const now = boxTime(context.env.now());
  const digest = {
    content: bytes.content,
    encoding: bytes.encoding,
    sha1: sha1(bytes.buffer),
    size: bytes.buffer.length,
  };
  const file: Row = {
    id: newId(context.env, 10, idTaken(context, 'box_files')),
    type: 'file',
    name,
    parent_id: parentId,
    created_at: now,
    modified_at: now,
    created_by_id: context.actor.id,
    modified_by_id: context.actor.id,
    owned_by_id: ownerIn(context, parent),
    size: digest.size,
    extension: extensionOf(name),
    sha_1: digest.sha1,
    version_number: '1',
    comment_count: 0,
    item_status: 'active',
    sequence_id: '0',
    etag: '0',
    description: '',
    tags: [],
    ...(typeof attributes.content_created_at === 'string'
      ? { content_created_at: attributes.content_created_at }
      : {}),
    ...(typeof attributes.content_modified_at === 'string'
      ? { content_modified_at: attributes.content_modified_at }
      : {}),
  };
  const patch: Patch = [
    { op: 'insert', table: 'box_files', row: file },
    {
      op: 'insert',
      table: 'box_file_versions',
      row: versionRow(context, String(file.id), name, 1, digest, []),
    },
  ];
  const object = readBack(context, patch, `/files/${file.id}`);
  return success(patch, 201, { total_count: 1, entries: [object] });
}

/** `POST /files/:id/content`: a new current version of an existing file. */
export function uploadVersion(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const file = lookupItem(context, 'file', id);
  if (refused(file)) return file;
  const denied =
    checkEtag(context, file) ??
    requireRole(context, file, 'file', 'upload', 'upload a new version');
  if (denied) return denied;
  const attributes = isObject(context.body.attributes) ? context.body.attributes : {};
  const name = typeof attributes.name === 'string' ? attributes.name : (text(file, 'name') ?? '');
  if (name !== text(file, 'name')) {
    const invalid =
      checkName(context, name) ??
      checkNameFree(context, text(file, 'parent_id') ?? '0', name, { type: 'file', id });
    if (invalid) return invalid;
  }
  const bytes = readBytes(context);
  if (!isBytes(bytes)) return bytes;
  const number =
    Math.max(
      count(file, 'version_number') ?? 0,
      ...(context.store.versionsByFile.get(id) ?? []).map(
        (row) => count(row, 'version_number') ?? 0,
      ),
    ) + 1;
  const digest = {
    content: bytes.content,
    encoding: bytes.encoding,
    sha1: sha1(bytes.buffer),
    size: bytes.buffer.length,
  };
  const now = boxTime(context.env.now());
  const patch: Patch = [
    {
      op: 'insert',
      table: 'box_file_versions',
      row: versionRow(context, id, name, number, digest, []),
    },
    {
      op: 'update',
      table: 'box_files',
      key: { id },
      set: {
        ...(name !== text(file, 'name') ? { name, extension: extensionOf(name) } : {}),
        size: digest.size,
        sha_1: digest.sha1,
        version_number: String(number),
        modified_at: now,
        content_modified_at:
          typeof attributes.content_modified_at === 'string' ? attributes.content_modified_at : now,
        modified_by_id: context.actor.id,
        ...nextSequence(file),
      },
    },
  ];
  const object = readBack(context, patch, `/files/${id}`);
  return success(patch, 201, { total_count: 1, entries: [object] });
}

/** Where a copy goes and under which name, checked as Box checks it. */
function copyTarget(
  context: WriteContext,
  type: 'file' | 'folder',
  item: Row,
): { parent: Row; name: string } | WriteResult {
  const parentId = referenceId(context.body.parent);
  if (parentId === undefined)
    return refuseBadRequest(context, "Missing required field 'parent' (an object with an 'id')");
  const denied = requireRole(context, item, type, 'download', 'copy it');
  if (denied) return denied;
  const parent = destinationFolder(context, parentId, 'copy items into it');
  if (refused(parent)) return parent;
  const name = context.body.name === undefined ? (text(item, 'name') ?? '') : context.body.name;
  const invalid = checkName(context, name) ?? checkNameFree(context, parentId, name as string);
  if (invalid) return invalid;
  return { parent, name: name as string };
}

function isTarget(
  value: { parent: Row; name: string } | WriteResult,
): value is { parent: Row; name: string } {
  return 'parent' in value && 'name' in value && !('ok' in value);
}

/** The rows a copy of one file writes: the file and one version with the copied bytes. */
function copyFileRows(
  context: WriteContext,
  file: Row,
  parentId: string,
  owner: string,
  name: string,
  inserted: Row[],
  version?: Row,
): PatchOp[] {
  const source = version ?? context.store.currentVersion(file);
  const now = boxTime(context.env.now());
  const id = newId(context.env, 10, idTaken(context, 'box_files', inserted));
  const row: Row = {
    ...file,
    id,
    name,
    parent_id: parentId,
    created_at: now,
    modified_at: now,
    created_by_id: context.actor.id,
    modified_by_id: context.actor.id,
    owned_by_id: owner,
    // A copy is a new item, but its content keeps the source's dates.
    content_created_at: text(file, 'content_created_at') ?? text(file, 'created_at'),
    content_modified_at: text(file, 'content_modified_at') ?? text(file, 'modified_at'),
    extension: extensionOf(name),
    version_number: '1',
    comment_count: 0,
    item_status: 'active',
    sequence_id: '0',
    etag: '0',
    ...(version ? { sha_1: text(version, 'sha_1'), size: count(version, 'size') ?? 0 } : {}),
  };
  inserted.push(row);
  const ops: PatchOp[] = [{ op: 'insert', table: 'box_files', row }];
  if (source) {
    const copy = versionRow(
      context,
      id,
      name,
      1,
      {
        content: text(source, 'content') ?? '',
        encoding: text(source, 'content_encoding') === 'base64' ? 'base64' : 'utf8',
        sha1: text(source, 'sha_1') ?? text(file, 'sha_1') ?? '',
        size: count(source, 'size') ?? count(file, 'size') ?? 0,
      },
      inserted,
    );
    // Bytes the snapshot lacks stay absent in the copy too.
    if (text(source, 'content') === null) delete copy.content;
    inserted.push(copy);
    ops.push({ op: 'insert', table: 'box_file_versions', row: copy });
  }
  return ops;
}

/** `POST /files/:id/copy`. */
export function copyFile(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const file = lookupItem(context, 'file', id);
  if (refused(file)) return file;
  const target = copyTarget(context, 'file', file);
  if (!isTarget(target)) return target;
  const versionId = referenceId({ id: context.body.version ?? null });
  const version =
    versionId === undefined
      ? undefined
      : (context.store.versionsByFile.get(id) ?? []).find((row) => text(row, 'id') === versionId);
  if (versionId !== undefined && !version) return refuseNotFound(context, 'version', versionId);
  const patch = copyFileRows(
    context,
    file,
    text(target.parent, 'id') ?? '0',
    ownerIn(context, target.parent),
    target.name,
    [],
    version,
  );
  const newFile = patch[0]!.op === 'insert' ? text(patch[0]!.row, 'id') : null;
  return success(patch, 201, readBack(context, patch, `/files/${newFile}`));
}

/** `POST /folders/:id/copy`: the folder and its active contents, owned by the destination's owner. */
export function copyFolder(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  if (id === '0') return refuseBadRequest(context, 'The root folder cannot be copied');
  const folder = lookupItem(context, 'folder', id);
  if (refused(folder)) return folder;
  const target = copyTarget(context, 'folder', folder);
  if (!isTarget(target)) return target;
  const destinationId = text(target.parent, 'id') ?? '0';
  const seen = new Set<string>();
  for (let at: string | null = destinationId; at !== null && !seen.has(at); ) {
    if (at === id)
      return refuseBadRequest(
        context,
        'A folder cannot be copied into itself or a folder below it',
      );
    seen.add(at);
    at = text(context.store.folders.get(at), 'parent_id');
  }
  const owner = ownerIn(context, target.parent);
  const now = boxTime(context.env.now());
  const inserted: Row[] = [];
  const patch: PatchOp[] = [];
  const copyOne = (source: Row, parentId: string, name: string): string => {
    const row: Row = {
      ...source,
      id: newId(context.env, 10, idTaken(context, 'box_folders', inserted)),
      name,
      parent_id: parentId,
      created_at: now,
      modified_at: now,
      created_by_id: context.actor.id,
      modified_by_id: context.actor.id,
      owned_by_id: owner,
      item_status: 'active',
      sequence_id: '0',
      etag: '0',
    };
    inserted.push(row);
    patch.push({ op: 'insert', table: 'box_folders', row });
    return String(row.id);
  };
  const rootCopy = copyOne(folder, destinationId, target.name);
  const copies = new Map<string, string>([[id, rootCopy]]);
  for (const { type, row } of descendants(context, id, (found) => !isTrashed(found))) {
    const parentCopy = copies.get(text(row, 'parent_id') ?? '') ?? rootCopy;
    if (type === 'folder')
      copies.set(text(row, 'id') ?? '', copyOne(row, parentCopy, text(row, 'name') ?? ''));
    else
      patch.push(
        ...copyFileRows(context, row, parentCopy, owner, text(row, 'name') ?? '', inserted),
      );
  }
  return success(patch, 201, readBack(context, patch, `/folders/${rootCopy}`));
}
