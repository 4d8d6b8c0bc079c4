import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../../src/services/api.js';
import {
  LINEAR_ROOT_FIELDS,
  LINEAR_TYPES,
  LinearReadExposure,
  type LinearTypeExposure,
} from '../../../src/services/linear/read-exposure.js';
import { linearSchema } from '../../../src/services/linear/schema.js';
import { checkExposure, type Probe } from '../read-exposure/support.js';
import { builtinState, replicaFor } from './builtin-seed.js';

/** The selection of every declared field of a type. */
function selection(type: LinearTypeExposure): string {
  return [
    ...Object.keys(type.fields),
    ...Object.keys(type.links ?? {}).map((field) => `${field} { id }`),
    ...Object.keys(type.joins ?? {}).map((field) => `${field} { nodes { id } }`),
  ].join(' ');
}

const graphql = (query: string): ApiRequest => ({
  method: 'POST',
  path: 'graphql',
  body: { query },
});
const LIST = 'first: 50, includeArchived: true';

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string;
}

/** Every page of a connection, following `endCursor` while `hasNextPage` holds. */
function walk(
  handle: (request: ApiRequest) => ApiResponse,
  field: string,
  page: (after?: string) => ApiRequest,
): ApiRequest[] {
  const pages: ApiRequest[] = [];
  let after: string | undefined;
  do {
    const request = page(after);
    pages.push(request);
    const body = handle(request).body as { data?: Record<string, { pageInfo?: PageInfo }> };
    const info = body.data?.[field]?.pageInfo;
    after = info?.hasNextPage ? info.endCursor : undefined;
  } while (after !== undefined && pages.length < 100);
  return pages;
}

/** How the test calls each query root field on the built-in seed, as Dana. */
function probe(field: string): Probe {
  const type = LINEAR_TYPES[LINEAR_ROOT_FIELDS[field]!]!;
  const fields = selection(type);
  if (field === 'viewer' || field === 'organization')
    return () => graphql(`{ ${field} { ${fields} } }`);
  // Pages of 50 (the complexity limit), walked by `pageInfo.endCursor`.
  const connection =
    (name: string, args: string): Probe =>
    (_rows, handle) =>
      walk(handle, name, (after) =>
        graphql(
          `{ ${name}(${args}${after ? `, after: ${JSON.stringify(after)}` : ''}) { nodes { ${fields} } pageInfo { hasNextPage endCursor } } }`,
        ),
      );
  if (field === 'issueSearch') return connection(field, `query: "", ${LIST}`);
  if (field === 'searchIssues') return connection(field, `term: "e", ${LIST}`);
  if (field.endsWith('s')) return connection(field, LIST);
  return (rows) =>
    rows(type.table).map((row) =>
      graphql(`{ ${field}(id: ${JSON.stringify(String(row.id))}) { ${fields} } }`),
    );
}

const PROBES = Object.fromEntries(
  Object.keys(LINEAR_ROOT_FIELDS).map((field) => [field, probe(field)]),
);
const replica = replicaFor();

describe('Linear read exposure (src/services/linear/read-exposure.ts)', () => {
  it('declares every query root field of the schema, and nothing else', () => {
    const rootFields = Object.keys(linearSchema().getQueryType()!.getFields()).sort();
    expect(LinearReadExposure.map((entry) => entry.operation).sort()).toEqual(rootFields);
  });

  it('declares only fields the schema has on each type', () => {
    for (const [name, type] of Object.entries(LINEAR_TYPES)) {
      const fields = Object.keys(
        (linearSchema().getType(name) as { getFields(): object }).getFields(),
      );
      for (const field of [
        ...Object.keys(type.fields),
        ...Object.keys(type.links ?? {}),
        ...Object.keys(type.joins ?? {}),
      ])
        expect(fields, `${name}.${field}`).toContain(field);
    }
  });

  it("serves every declared column: some seed value of it is in the root field's answer", () => {
    const handle = (request: ApiRequest) => {
      const response = replica.handle(request);
      const body = response.body as { errors?: unknown };
      return body.errors ? { ...response, status: 400 } : response;
    };
    expect(checkExposure(LinearReadExposure, PROBES, builtinState, handle)).toEqual([]);
  });
});
