import type { Actor } from '../../../schema/task.js';
import type { State } from '../../../state/state.js';
import type { ApiRequest } from '../../api.js';
import type {
  WriteEnvironment,
  WriteModel,
  WriteOperation,
  WriteResult,
} from '../../write-model.js';
import { BoxVisibility } from '../permissions.js';
import { pathSegments } from '../routes.js';
import { BoxStore } from '../store.js';
import {
  COLLABORATION_OPERATIONS,
  createCollaboration,
  deleteCollaboration,
  updateCollaboration,
} from './collaborations.js';
import { COMMENT_OPERATIONS, createComment, deleteComment, updateComment } from './comments.js';
import { CONTENT_OPERATIONS, copyFile, copyFolder, uploadFile, uploadVersion } from './content.js';
import { isObject, type Json, refuse, type WriteContext, type WriteHandler } from './context.js';
import { createHub, deleteHub, HUB_OPERATIONS, manageHubItems, updateHub } from './hubs.js';
import { createFolder, ITEM_OPERATIONS, updateItem } from './items.js';
import {
  createAssignment,
  createTask,
  deleteAssignment,
  deleteTask,
  TASK_OPERATIONS,
  updateAssignment,
  updateTask,
} from './tasks.js';
import { purgeItem, restoreItem, TRASH_OPERATIONS, trashItem } from './trash.js';

/** Every write the model answers, by Box's own name (`PUT /files/:id`); `:id` captures one segment. */
const HANDLERS: Record<string, WriteHandler> = {
  'POST /folders': createFolder,
  'PUT /folders/:id': updateItem('folder'),
  'PUT /files/:id': updateItem('file'),
  'DELETE /files/:id': trashItem('file'),
  'DELETE /folders/:id': trashItem('folder'),
  'POST /files/:id': restoreItem('file'),
  'POST /folders/:id': restoreItem('folder'),
  'DELETE /files/:id/trash': purgeItem('file'),
  'DELETE /folders/:id/trash': purgeItem('folder'),
  'POST /files/content': uploadFile,
  'POST /files/:id/content': uploadVersion,
  'POST /files/:id/copy': copyFile,
  'POST /folders/:id/copy': copyFolder,
  'POST /comments': createComment,
  'PUT /comments/:id': updateComment,
  'DELETE /comments/:id': deleteComment,
  'POST /tasks': createTask,
  'PUT /tasks/:id': updateTask,
  'DELETE /tasks/:id': deleteTask,
  'POST /task_assignments': createAssignment,
  'PUT /task_assignments/:id': updateAssignment,
  'DELETE /task_assignments/:id': deleteAssignment,
  'POST /collaborations': createCollaboration,
  'PUT /collaborations/:id': updateCollaboration,
  'DELETE /collaborations/:id': deleteCollaboration,
  'POST /hubs': createHub,
  'PUT /hubs/:id': updateHub,
  'DELETE /hubs/:id': deleteHub,
  'POST /hubs/:id/manage_items': manageHubItems,
};

/** The requests the model routes, by Box's name: each is documented in `boxWriteModel.operations`. */
export const BOX_WRITE_ROUTES: readonly string[] = Object.keys(HANDLERS);

const OPERATIONS: readonly WriteOperation[] = [
  ...ITEM_OPERATIONS,
  ...TRASH_OPERATIONS,
  ...CONTENT_OPERATIONS,
  ...COMMENT_OPERATIONS,
  ...TASK_OPERATIONS,
  ...COLLABORATION_OPERATIONS,
  ...HUB_OPERATIONS,
];

/** The handler for a request: literal segments win over `:id` (`/files/content` before `/files/:id`). */
function route(method: string, path: string): { handler: WriteHandler; id?: string } | undefined {
  const segments = pathSegments(path);
  let best: { handler: WriteHandler; id?: string; literals: number } | undefined;
  for (const [name, handler] of Object.entries(HANDLERS)) {
    const [verb, pattern] = name.split(' ') as [string, string];
    if (verb !== method) continue;
    const parts = pattern.split('/').filter((part) => part !== '');
    if (parts.length !== segments.length) continue;
    let id: string | undefined;
    let literals = 0;
    const fits = parts.every((part, index) => {
      if (part === ':id') {
        id = segments[index];
        return true;
      }
      literals++;
      return part === segments[index];
    });
    if (fits && (!best || literals > best.literals))
      best = { handler, literals, ...(id === undefined ? {} : { id }) };
  }
  return best;
}

function apply(
  state: State,
  actor: Actor,
  request: ApiRequest,
  env: WriteEnvironment,
): WriteResult {
  const method = typeof request.method === 'string' ? request.method.toUpperCase() : '';
  const path = typeof request.path === 'string' ? request.path : '';
  const found = route(method, path);
  if (!found)
    return refuse(
      { request },
      405,
      'method_not_allowed',
      `${method} /${pathSegments(path).join('/')} is not a Box write operation this replica models (docs/replicas.md, Box write operations)`,
    );
  const body = request.body === undefined || request.body === null ? {} : request.body;
  if (!isObject(body as Json))
    return refuse({ request }, 400, 'bad_request', 'The request body must be a JSON object');
  const store = state.derived(BoxStore, () => new BoxStore(state));
  const context: WriteContext = {
    state,
    store,
    visibility: new BoxVisibility(store, actor),
    actor,
    request,
    params: found.id === undefined ? {} : { id: found.id },
    body: body as Json,
    env,
  };
  try {
    return found.handler(context);
  } catch (error) {
    // A seed without a table the write needs (box_hub_items, box_collaborations) lands here.
    return refuse(
      { request },
      400,
      'bad_request',
      `The state cannot take this write: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Box's write side (docs/replicas.md, "Box write operations"). */
export const boxWriteModel: WriteModel = {
  service: 'box',
  operations: OPERATIONS,
  apply,
};
