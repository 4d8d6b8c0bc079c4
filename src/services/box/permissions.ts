import type { Row } from '../../schema/json.js';
import type { Actor } from '../../schema/task.js';
import { text } from './columns.js';
import type { BoxStore } from './store.js';

const ACTIVE_COLLABORATION = new Set(['accepted', 'active']);

/**
 * What one user may see: items they own, items collaborated with them (a folder
 * collaboration covers its whole subtree), and everything for an enterprise admin —
 * which is how the Agent-Diff seed (one admin owning everything, no collaborations)
 * stays fully visible. Invisible items answer exactly like missing ones (404).
 */
export class BoxVisibility {
  readonly #store: BoxStore;
  readonly #actorId: string;
  readonly #isAdmin: boolean;
  /** `type:id` of items collaborated with the actor, with the collaboration role. */
  readonly #sharedWithActor: Map<string, string>;
  readonly #folderCache = new Map<string, boolean>();

  constructor(store: BoxStore, actor: Actor) {
    this.#store = store;
    this.#actorId = actor.id;
    this.#isAdmin = text(store.users.get(actor.id), 'role') === 'admin';
    this.#sharedWithActor = new Map(
      store.collaborations
        .filter((collaboration) => text(collaboration, 'accessible_by_id') === actor.id)
        .filter((collaboration) => {
          const status = text(collaboration, 'status');
          return status === null || ACTIVE_COLLABORATION.has(status);
        })
        .map((collaboration): [string, string] => [
          `${text(collaboration, 'item_type') ?? 'folder'}:${text(collaboration, 'item_id') ?? ''}`,
          text(collaboration, 'role') ?? 'viewer',
        ]),
    );
  }

  get actorId(): string {
    return this.#actorId;
  }

  /** Whether the actor can see this folder (the root always). */
  folder(folder: Row | undefined): boolean {
    if (!folder) return false;
    const id = text(folder, 'id') ?? '';
    if (id === '0') return true;
    const cached = this.#folderCache.get(id);
    if (cached !== undefined) return cached;
    this.#folderCache.set(id, false); // guards against parent cycles in hand-written seeds
    const visible = this.#direct(folder, 'folder') || this.folder(this.#parent(folder));
    this.#folderCache.set(id, visible);
    return visible;
  }

  file(file: Row | undefined): boolean {
    if (!file) return false;
    return this.#direct(file, 'file') || this.folder(this.#parent(file));
  }

  /** Box lists items shared with a user at their root when the parent is not theirs to see. */
  isTopLevel(item: Row): boolean {
    const parentId = text(item, 'parent_id');
    if (parentId === '0') return true;
    return !this.folder(parentId === null ? undefined : this.#store.folders.get(parentId));
  }

  hub(hub: Row | undefined): boolean {
    if (!hub) return false;
    return (
      this.#isAdmin ||
      text(hub, 'created_by_id') === this.#actorId ||
      this.#sharedWithActor.has(`hubs:${text(hub, 'id') ?? ''}`)
    );
  }

  /** Whether the actor may edit the hub (creator, admin, or an editor/co-owner collaborator); Box's `scope=editable`. */
  canEditHub(hub: Row): boolean {
    if (this.#isAdmin || text(hub, 'created_by_id') === this.#actorId) return true;
    const role = this.#sharedWithActor.get(`hubs:${text(hub, 'id') ?? ''}`);
    return role === 'editor' || role === 'co-owner';
  }

  /**
   * The actor's role on a visible item, as Box's permissions derive from it: `owner` for
   * the owner, `co-owner` for an enterprise admin, else the role of the nearest
   * collaboration on the item or a folder above it (`viewer` when none is found).
   */
  role(item: Row, type: 'folder' | 'file'): string {
    if (text(item, 'owned_by_id') === this.#actorId || text(item, 'id') === '0') return 'owner';
    if (this.#isAdmin) return 'co-owner';
    const direct = this.#sharedWithActor.get(`${type}:${text(item, 'id') ?? ''}`);
    if (direct) return direct;
    const parent = this.#parent(item);
    return parent ? this.role(parent, 'folder') : 'viewer';
  }

  /** Users Box lets list the whole enterprise (`GET /users`). */
  get isAdmin(): boolean {
    return this.#isAdmin;
  }

  #direct(item: Row, type: 'folder' | 'file'): boolean {
    return (
      this.#isAdmin ||
      text(item, 'owned_by_id') === this.#actorId ||
      this.#sharedWithActor.has(`${type}:${text(item, 'id') ?? ''}`)
    );
  }

  #parent(item: Row): Row | undefined {
    const parentId = text(item, 'parent_id');
    if (parentId === null || parentId === text(item, 'id')) return undefined;
    if (parentId === '0') return undefined; // the root itself grants nothing below it
    return this.#store.folders.get(parentId);
  }
}
