import { type DocumentNode, getOperationAST, type OperationDefinitionNode } from 'graphql';
import type { ApiRequest } from '../api.js';
import { checkedDocument } from './document-cache.js';
import { readGraphqlRequest } from './graphql-request.js';
import { countRootFields } from './query-cost.js';
import { isGraphqlPath } from './routes.js';

function parseQuietly(query: string): DocumentNode | null {
  const checked = checkedDocument(query);
  return checked.kind === 'syntax' ? null : checked.document;
}

/** The operation a GraphQL request would execute, or null when it cannot be told. */
export function requestedOperation(
  request: ApiRequest,
): { document: DocumentNode; operation: OperationDefinitionNode } | null {
  if (!isGraphqlPath(request.path)) return null;
  const { query, operationName } = readGraphqlRequest(request);
  if (query === null) return null;
  const document = parseQuietly(query);
  if (!document) return null;
  const operation = getOperationAST(document, operationName);
  return operation ? { document, operation } : null;
}

/** Budget cost: one per root field of the executed operation; any other request costs one. */
export function linearOperationCost(request: ApiRequest): number {
  const requested = requestedOperation(request);
  if (!requested) return 1;
  return Math.max(1, countRootFields(requested.document, requested.operation));
}

/** A request is a write when the operation it would execute is a mutation (or subscription). */
export function isLinearWrite(request: ApiRequest): boolean {
  const requested = requestedOperation(request);
  return requested !== null && requested.operation.operation !== 'query';
}
