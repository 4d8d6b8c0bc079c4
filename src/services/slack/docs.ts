import { limitsSection } from '../limits.js';

/**
 * The Slack Web API as the replica serves it, written for an agent or a verifier author
 * (becomes `task.docs`). Kept beside the code it documents so both change together.
 */
export const SlackDocs = `# Slack Web API (read-only replica)

Base: \`https://slack.com/api/\`. Call a method at \`/<method>\` (for example
\`/conversations.history\`) with GET and query arguments, or with POST and a JSON or
form-encoded body; both are accepted and merged. Arguments are strings; booleans accept
\`true\`/\`1\`. Your token is the acting user's, with read scopes only:
\`channels:read groups:read im:read mpim:read channels:history groups:history im:history
mpim:history users:read users:read.email reactions:read search:read team:read\`.

Every answer is HTTP 200 JSON with \`ok\`. On failure: \`{"ok": false, "error": "<code>"}\`.
Common errors: \`invalid_arguments\` (a required argument is missing; details in
\`response_metadata.messages\`), \`invalid_cursor\`, \`invalid_auth\`,
\`unknown_method\` (with \`req_method\`).

## Visibility

You see every public channel (member or not), and private channels, direct messages
(DMs) and group DMs only if you are a member. A conversation you cannot see answers
\`channel_not_found\`, exactly like one that does not exist.

## Writes

Methods that change the workspace (\`chat.postMessage\`, \`chat.update\`, \`chat.delete\`,
\`conversations.create\`, \`conversations.invite\`, \`conversations.kick\`,
\`conversations.rename\`, \`conversations.setTopic\`, \`conversations.setPurpose\`,
\`conversations.archive\`, \`reactions.add\`, \`reactions.remove\`, \`pins.add\`, …) answer
\`{"ok": false, "error": "missing_scope", "needed": "<scope>", "provided": "<scopes>"}\`
and change nothing.

## Paging

List methods return \`response_metadata.next_cursor\`; pass it back as \`cursor\` to get
the next page. An empty \`next_cursor\` means there is nothing more. Cursors are opaque:
a cursor this API did not issue is \`invalid_cursor\`. \`search.messages\` pages with
\`count\` and \`page\` instead.

## Objects

**User**: \`id\`, \`team_id\`, \`name\` (username), \`deleted\`, \`color\`, \`real_name\`,
\`tz\` (default \`America/Los_Angeles\`), \`tz_label\`, \`tz_offset\` (seconds; at the
workspace's latest activity), \`is_admin\`, \`is_owner\`, \`is_primary_owner\`,
\`is_restricted\`, \`is_ultra_restricted\`, \`is_bot\`, \`is_app_user\` (true for you),
\`updated\`, \`is_email_confirmed\`, \`profile\` {\`title\`, \`real_name\`,
\`display_name\`, \`first_name\`, \`last_name\`, \`email\`, \`status_text\`,
\`status_emoji\`, \`image_24\` … \`image_512\`, …}. Display names are not unique; real names may not be
either.

**Conversation**: \`id\`, \`name\`, \`is_channel\` (public), \`is_group\` (private
channel), \`is_im\`, \`is_mpim\`, \`is_private\`, \`is_archived\`, \`is_general\`,
\`is_member\` (you), \`created\` (Unix seconds), \`creator\`, \`updated\` (Unix
milliseconds), \`topic\` and \`purpose\` {\`value\`, \`creator\` (who set it),
\`last_set\` (Unix seconds)}, \`num_members\`, \`previous_names\`, the shared-channel
flags (\`is_shared\`, \`is_ext_shared\`, \`is_org_shared\`, \`pending_shared\`, …; never
shared here) and, from \`conversations.info\`, \`last_read\`.
A DM has \`is_im: true\` and \`user\` (the other participant) instead of a name.

**Message**: \`type\` ("message"), \`user\`, \`text\`, \`ts\` (its unique timestamp id
within the conversation, e.g. "1727787600.000100"), \`team\`; in a thread: \`thread_ts\`
(the parent's ts; a parent with replies has \`thread_ts\` = its own ts, \`reply_count\`,
\`reply_users\`, \`reply_users_count\`, \`latest_reply\`; a reply has
\`parent_user_id\`); \`edited\` {\`user\`, \`ts\`} once edited; \`blocks\` (the
Block Kit blocks, each with its \`block_id\`, of a message posted with them); \`reactions\`
[{\`name\`, \`users\`, \`count\`}]; \`bot_id\` when a bot posted it. Mentions appear in
text as \`<@U123>\`, channel links as \`<#C123>\`.

## Methods

### auth.test
Who you are. Returns \`url\`, \`team\`, \`user\` (username), \`team_id\`, \`user_id\`.

### team.info
Returns \`team\` {\`id\`, \`name\`, \`domain\`, \`url\`}.

### users.list
Arguments: \`limit\` (default: everything, max 1000), \`cursor\`. Returns \`members\`
(users, bots included) and \`response_metadata.next_cursor\`.

### users.info
Arguments: \`user\` (required). Returns \`user\`. Errors: \`user_not_found\`.

### users.lookupByEmail
Arguments: \`email\` (required, case-insensitive). Returns \`user\`. Errors:
\`users_not_found\`.

### conversations.list
Arguments: \`types\` (comma-separated: \`public_channel\`, \`private_channel\`,
\`mpim\`, \`im\`; default \`public_channel\`), \`exclude_archived\` (default false),
\`limit\` (default 100, max 1000), \`cursor\`. Returns \`channels\` you can see and
\`response_metadata.next_cursor\`. Errors: \`invalid_types\`, \`invalid_cursor\`.

### users.conversations
Arguments: \`user\` (default: you), \`types\`, \`exclude_archived\`, \`limit\`,
\`cursor\` as for \`conversations.list\`. Returns the \`channels\` that user is a member of
(for another user, only those you can see). Errors: \`user_not_found\`, \`invalid_types\`.

### conversations.info
Arguments: \`channel\` (required). Returns \`channel\`. Errors: \`channel_not_found\`.

### conversations.members
Arguments: \`channel\` (required), \`limit\` (default 100, max 1000), \`cursor\`.
Returns \`members\` (user ids). Errors: \`channel_not_found\`, \`invalid_cursor\`.

### conversations.history
Arguments: \`channel\` (required), \`oldest\`, \`latest\` (timestamps; exclusive unless
\`inclusive=true\`), \`limit\` (default 100, max 999), \`cursor\`. Returns the
conversation's top-level messages, **newest first**, with \`has_more\`, \`pin_count\` and
\`response_metadata.next_cursor\`. Thread replies are not included: read them with
\`conversations.replies\`. Errors: \`channel_not_found\`, \`invalid_cursor\`.

### conversations.replies
Arguments: \`channel\` and \`ts\` (required; the parent's ts or any reply's ts),
\`oldest\`, \`latest\`, \`inclusive\` (narrow the replies; the parent is always first),
\`limit\` (default 1000), \`cursor\`. Returns \`messages\`: the parent, then its replies
oldest first. Errors: \`channel_not_found\`, \`thread_not_found\`.

### reactions.get
Arguments: \`channel\` and \`timestamp\` (required), \`full\` (ignored: always full).
Returns \`type\` ("message"), \`channel\` and \`message\` with its \`reactions\`. Errors:
\`no_item_specified\`, \`channel_not_found\`, \`message_not_found\`.

### search.messages
Arguments: \`query\` (required), \`count\` (default 20, max 100), \`page\` (1-based),
\`sort\` (\`score\` default, or \`timestamp\`), \`sort_dir\` (\`desc\` default, or
\`asc\`). Every word of the query must occur in the message text (case-insensitive;
"quoted phrases" match as a whole). Modifiers: \`in:#channel-name\` (or \`in:<#C123>\`),
\`from:@username\` (or \`from:<@U123>\`, or a display name), \`after:YYYY-MM-DD\`,
\`before:YYYY-MM-DD\`, \`on:YYYY-MM-DD\`. Searches conversations you can see, thread
replies included. Returns \`messages\` {\`total\`, \`paging\` {\`count\`, \`total\`,
\`page\`, \`pages\`}, \`pagination\`, \`matches\` [{\`type\`, \`user\`, \`username\`,
\`text\`, \`ts\`, \`channel\` {\`id\`, \`name\`, …}, \`permalink\`}]}.
Cursormark paging: pass \`cursor=*\` for the first page, then
\`response_metadata.next_cursor\` (empty on the last page); \`count\` is the page size.

### search.all
Arguments as for \`search.messages\` (\`query\` required, \`count\`, \`page\`, \`sort\`,
\`sort_dir\`). Returns \`messages\` exactly as \`search.messages\` does, plus \`files\`
and \`posts\` sections, which are always empty here (this workspace stores no files).

${limitsSection({ responseTooLarge: 'response_too_large' })}`;
