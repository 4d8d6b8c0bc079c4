// What one GraphQL operation may cost the host, measured on the document before anything
// runs, the way public GraphQL servers bound queries (docs/sandbox.md, "Budgets and
// bounds"). Every walk visits each fragment once and remembers its result: a document
// whose fragments spread each other twice per level has 2^n expansions but n fragments.
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  getNamedType,
  isCompositeType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { linearSchema } from './schema.js';

/** Linear's published ceiling for one query's complexity, in points. */
export const MAX_QUERY_COMPLEXITY = 10_000;
/** Fields nested inside each other; the deepest query a verifier needs here is about 6. */
export const MAX_QUERY_DEPTH = 12;
/** Connection page size assumed when a query gives neither `first` nor `last` (Linear's default). */
const DEFAULT_PAGE_SIZE = 50;
/** Linear's weights: a scalar property costs 0.1 point, an object 1, a connection multiplies its children. */
const PROPERTY_POINTS = 0.1;
const OBJECT_POINTS = 1;

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/**
 * Distinct response keys at the root of the operation, which is what graphql-js executes
 * (fields with the same key merge), following fragment spreads and inline fragments.
 */
export function countRootFields(
  document: DocumentNode,
  operation: OperationDefinitionNode,
): number {
  const fragments = fragmentsOf(document);
  const memo = new Map<string, ReadonlySet<string>>();
  const keysOf = (selectionSet: SelectionSetNode, into: Set<string>) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) into.add(selection.alias?.value ?? selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) keysOf(selection.selectionSet, into);
      else for (const key of fragmentKeys(selection.name.value)) into.add(key);
    }
  };
  const fragmentKeys = (name: string): ReadonlySet<string> => {
    const known = memo.get(name);
    if (known) return known;
    const keys = new Set<string>();
    // Marked before the walk: a cycle (which validation refuses anyway) adds nothing.
    memo.set(name, keys);
    const fragment = fragments.get(name);
    if (fragment) keysOf(fragment.selectionSet, keys);
    return keys;
  };
  const keys = new Set<string>();
  keysOf(operation.selectionSet, keys);
  return keys.size;
}

export interface QueryMeasure {
  /** Linear-style complexity points, rounded up. */
  complexity: number;
  /** Deepest field nesting; stops counting past MAX_QUERY_DEPTH + 1. */
  depth: number;
}

interface Measured {
  points: number;
  depth: number;
}

const TOO_DEEP = MAX_QUERY_DEPTH + 1;

/** Complexity and depth of the operation under these variables (for `first: $n`). */
export function measureQuery(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): QueryMeasure {
  const fragments = fragmentsOf(document);
  const memo = new Map<string, Measured>();

  const pageSize = (field: FieldNode): number => {
    for (const name of ['first', 'last']) {
      const argument = field.arguments?.find((item) => item.name.value === name);
      if (!argument) continue;
      const value = numberOf(argument.value, variables, operation);
      if (value !== undefined) return value;
    }
    return DEFAULT_PAGE_SIZE;
  };

  const selectionCost = (
    selectionSet: SelectionSetNode,
    parent: GraphQLCompositeType,
    depth: number,
  ): Measured => {
    if (depth > MAX_QUERY_DEPTH) return { points: 0, depth: TOO_DEEP };
    let points = 0;
    let deepest = depth;
    const add = (measured: Measured, offset: number) => {
      points += measured.points;
      deepest = Math.max(deepest, Math.min(TOO_DEEP, measured.depth + offset));
    };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        add(fieldCost(selection, parent, depth + 1), 0);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition
          ? linearSchema().getType(selection.typeCondition.name.value)
          : parent;
        if (type && isCompositeType(type))
          add(selectionCost(selection.selectionSet, type, depth), 0);
      } else {
        // A fragment is measured once, relative to where it is spread.
        add(fragmentCost(selection.name.value), depth);
      }
    }
    return { points, depth: deepest };
  };

  const fragmentCost = (name: string): Measured => {
    const known = memo.get(name);
    if (known) return known;
    const measured: Measured = { points: 0, depth: 0 };
    memo.set(name, measured);
    const fragment = fragments.get(name);
    const type = fragment ? linearSchema().getType(fragment.typeCondition.name.value) : undefined;
    if (fragment && type && isCompositeType(type))
      Object.assign(measured, selectionCost(fragment.selectionSet, type, 0));
    return measured;
  };

  const fieldCost = (field: FieldNode, parent: GraphQLCompositeType, depth: number): Measured => {
    const definition = 'getFields' in parent ? parent.getFields()[field.name.value] : undefined;
    const type = definition ? getNamedType(definition.type) : undefined;
    if (!field.selectionSet || !type || !isCompositeType(type))
      return { points: PROPERTY_POINTS, depth };
    const children = selectionCost(field.selectionSet, type, depth);
    if (type.name.endsWith('Connection'))
      return { points: pageSize(field) * children.points, depth: children.depth };
    return { points: OBJECT_POINTS + children.points, depth: children.depth };
  };

  const root = linearSchema().getRootType(operation.operation);
  if (!root) return { complexity: 0, depth: 0 };
  const measured = selectionCost(operation.selectionSet, root, 0);
  return { complexity: Math.ceil(measured.points - 1e-9), depth: measured.depth };
}

function numberOf(
  value: ValueNode,
  variables: Record<string, unknown> | undefined,
  operation: OperationDefinitionNode,
): number | undefined {
  let raw: unknown;
  if (value.kind === Kind.INT) raw = Number(value.value);
  else if (value.kind === Kind.VARIABLE) {
    const name = value.name.value;
    raw = variables?.[name];
    if (raw === undefined) {
      const declared = operation.variableDefinitions?.find(
        (definition) => definition.variable.name.value === name,
      )?.defaultValue;
      if (declared?.kind === Kind.INT) raw = Number(declared.value);
    }
  }
  return typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 ? raw : undefined;
}
