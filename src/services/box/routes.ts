import type { BoxHandler } from './context.js';
import { getCollection, getCollectionItems, listCollections } from './resources/collections.js';
import { getComment, getFileComments } from './resources/comments.js';
import { getFile, getFileContent, getFileVersions, getTrashedFile } from './resources/files.js';
import { getFolder, getFolderItems, getTrashedFolder } from './resources/folders.js';
import { getHub, listHubItems, listHubs } from './resources/hubs.js';
import { search } from './resources/search.js';
import { getFileTasks, getTask, getTaskAssignment, getTaskAssignments } from './resources/tasks.js';
import { getCurrentUser, getUser, listUsers } from './resources/users.js';

export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

interface Route {
  /** Segments; `:name` captures one segment. */
  pattern: string;
  get?: BoxHandler;
  /** Methods Box accepts here that change data (the replica refuses them with 403). */
  writes: readonly string[];
}

/** Every Box Content API path the replica knows, with its read handler and its write methods. */
const ROUTES: readonly Route[] = [
  { pattern: 'users/me', get: getCurrentUser, writes: [] },
  { pattern: 'users/:user_id', get: getUser, writes: ['PUT', 'DELETE'] },
  { pattern: 'users', get: listUsers, writes: ['POST'] },
  { pattern: 'folders', writes: ['POST'] },
  { pattern: 'folders/:folder_id', get: getFolder, writes: ['PUT', 'DELETE', 'POST'] },
  { pattern: 'folders/:folder_id/items', get: getFolderItems, writes: [] },
  { pattern: 'folders/:folder_id/copy', writes: ['POST'] },
  { pattern: 'folders/:folder_id/trash', get: getTrashedFolder, writes: ['DELETE'] },
  { pattern: 'files/content', writes: ['POST'] },
  { pattern: 'files/:file_id', get: getFile, writes: ['PUT', 'DELETE', 'POST'] },
  { pattern: 'files/:file_id/content', get: getFileContent, writes: ['POST'] },
  { pattern: 'files/:file_id/copy', writes: ['POST'] },
  { pattern: 'files/:file_id/trash', get: getTrashedFile, writes: ['DELETE'] },
  { pattern: 'files/:file_id/versions', get: getFileVersions, writes: [] },
  { pattern: 'files/:file_id/versions/current', writes: ['POST'] },
  { pattern: 'files/:file_id/versions/:version_id', writes: ['PUT', 'DELETE'] },
  { pattern: 'files/:file_id/comments', get: getFileComments, writes: [] },
  { pattern: 'files/:file_id/tasks', get: getFileTasks, writes: [] },
  { pattern: 'comments', writes: ['POST'] },
  { pattern: 'comments/:comment_id', get: getComment, writes: ['PUT', 'DELETE'] },
  { pattern: 'tasks', writes: ['POST'] },
  { pattern: 'tasks/:task_id', get: getTask, writes: ['PUT', 'DELETE'] },
  { pattern: 'tasks/:task_id/assignments', get: getTaskAssignments, writes: [] },
  { pattern: 'task_assignments', writes: ['POST'] },
  {
    pattern: 'task_assignments/:task_assignment_id',
    get: getTaskAssignment,
    writes: ['PUT', 'DELETE'],
  },
  { pattern: 'collaborations', writes: ['POST'] },
  { pattern: 'collaborations/:collaboration_id', writes: ['PUT', 'DELETE'] },
  { pattern: 'collections', get: listCollections, writes: [] },
  { pattern: 'collections/:collection_id', get: getCollection, writes: [] },
  { pattern: 'collections/:collection_id/items', get: getCollectionItems, writes: [] },
  { pattern: 'search', get: search, writes: [] },
  { pattern: 'hubs', get: listHubs, writes: ['POST'] },
  { pattern: 'hubs/:hub_id', get: getHub, writes: ['PUT', 'DELETE'] },
  { pattern: 'hubs/:hub_id/manage_items', writes: ['POST'] },
  { pattern: 'hubs/:hub_id/copy', writes: ['POST'] },
  { pattern: 'hub_items', get: listHubItems, writes: [] },
];

/** The read operations of the router, as Box documents them: `GET /files/{file_id}`. */
export function readOperations(): string[] {
  return ROUTES.filter((route) => route.get !== undefined).map(
    (route) => `GET /${route.pattern.replace(/:(\w+)/g, '{$1}')}`,
  );
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

const API_BASES = ['https://api.box.com/2.0', 'https://upload.box.com/api/2.0', '/2.0'];

/** Path segments relative to the API base; a leading slash, the full base URL and a trailing slash are optional. */
export function pathSegments(path: string): string[] {
  let relative = path.split('?')[0] ?? '';
  for (const base of API_BASES)
    if (relative.startsWith(base)) relative = relative.slice(base.length);
  return relative
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** Literal segments win over captures (`users/me` before `users/:user_id`). */
export function matchRoute(path: string): RouteMatch | undefined {
  const segments = pathSegments(path);
  let best: { match: RouteMatch; literals: number } | undefined;
  for (const route of ROUTES) {
    const parts = route.pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const fits = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return true;
      }
      literals++;
      return part === segment;
    });
    if (fits && (!best || literals > best.literals)) best = { match: { route, params }, literals };
  }
  return best?.match;
}

/** Query parameters written into the path (`/search?query=x`) join the request's query. */
export function queryInPath(path: string): Record<string, string> {
  const queryPart = path.split('?')[1];
  if (!queryPart) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(queryPart)) out[name] = value;
  return out;
}
