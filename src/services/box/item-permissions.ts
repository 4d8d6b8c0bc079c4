import type { JsonValue } from '../../schema/json.js';

/**
 * Box's `permissions` object of a file or folder for a caller with a collaboration role
 * (developer.box.com/guides/collaborations/collaboration-roles): owners and co-owners
 * may do everything, editors all but change sharing policy, viewers download, preview
 * and comment, previewers only preview, uploaders only upload.
 */
const CAN: Record<string, ReadonlySet<string>> = {
  owner: new Set(['all']),
  'co-owner': new Set(['all']),
  editor: new Set([
    'delete',
    'download',
    'edit',
    'invite',
    'rename',
    'set_share_access',
    'share',
    'upload',
    'preview',
    'comment',
    'annotate',
    'view_all',
  ]),
  viewer: new Set(['download', 'preview', 'comment', 'invite', 'share', 'view_self']),
  'viewer uploader': new Set(['download', 'preview', 'comment', 'upload', 'invite', 'view_self']),
  'previewer uploader': new Set(['preview', 'upload', 'view_self']),
  previewer: new Set(['preview', 'view_self']),
  uploader: new Set(['upload']),
};

/** Whether a collaboration role allows an action (`rename`, `delete`, `upload`, `comment`, `invite`, …). */
export function can(role: string, action: string): boolean {
  const allowed = CAN[role] ?? CAN.viewer!;
  return (
    allowed.has('all') || allowed.has(action) || (action === 'view_self' && allowed.has('view_all'))
  );
}

export function folderPermissions(role: string): { [key: string]: JsonValue } {
  return {
    can_delete: can(role, 'delete'),
    can_download: can(role, 'download'),
    can_invite_collaborator: can(role, 'invite'),
    can_rename: can(role, 'rename'),
    can_set_share_access: can(role, 'set_share_access'),
    can_share: can(role, 'share'),
    can_upload: can(role, 'upload'),
  };
}

export function filePermissions(role: string): { [key: string]: JsonValue } {
  return {
    can_annotate: can(role, 'annotate'),
    can_comment: can(role, 'comment'),
    can_delete: can(role, 'delete'),
    can_download: can(role, 'download'),
    can_edit: can(role, 'edit'),
    can_invite_collaborator: can(role, 'invite'),
    can_preview: can(role, 'preview'),
    can_rename: can(role, 'rename'),
    can_set_share_access: can(role, 'set_share_access'),
    can_share: can(role, 'share'),
    can_upload: can(role, 'upload'),
    can_view_annotations_all: can(role, 'view_all'),
    can_view_annotations_self: can(role, 'view_self'),
  };
}

/** The roles an owner may invite collaborators with (Box's `allowed_invitee_roles`). */
export const INVITEE_ROLES = [
  'editor',
  'viewer',
  'previewer',
  'uploader',
  'previewer uploader',
  'viewer uploader',
  'co-owner',
];

/** Who may invite: only those who can invite see the roles; others an empty list. */
export function inviteeRoles(role: string): string[] {
  return can(role, 'invite') ? INVITEE_ROLES : [];
}

/** Shared-link permissions a caller may set: editing only for those who can edit. */
export function sharedLinkOptions(role: string): string[] {
  if (!can(role, 'share')) return [];
  return can(role, 'edit')
    ? ['can_preview', 'can_download', 'can_edit']
    : ['can_preview', 'can_download'];
}
