import type { MethodHandler } from './context.js';
import {
  conversationsHistory,
  conversationsInfo,
  conversationsList,
  conversationsMembers,
  conversationsReplies,
  usersConversations,
} from './conversations.js';
import { reactionsGet } from './reactions.js';
import { searchAll, searchMessages } from './search.js';
import { authTest, teamInfo } from './team.js';
import { usersInfo, usersList, usersLookupByEmail } from './users.js';

/** The read methods this replica serves, by Web API method name. */
export const READ_METHODS: Readonly<Record<string, MethodHandler>> = {
  'auth.test': authTest,
  'team.info': teamInfo,
  'users.list': usersList,
  'users.info': usersInfo,
  'users.lookupByEmail': usersLookupByEmail,
  'users.conversations': usersConversations,
  'conversations.list': conversationsList,
  'conversations.info': conversationsInfo,
  'conversations.history': conversationsHistory,
  'conversations.replies': conversationsReplies,
  'conversations.members': conversationsMembers,
  'reactions.get': reactionsGet,
  'search.messages': searchMessages,
  'search.all': searchAll,
};
