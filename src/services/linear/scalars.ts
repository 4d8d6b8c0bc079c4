import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { instant } from './comparators.js';

/** ISO-8601 with milliseconds and `Z`, as Linear serialises; seeds may store naive UTC strings. */
function serialiseDateTime(value: unknown): string {
  const time = instant(value);
  if (time === null)
    throw new GraphQLError(`DateTime cannot represent value: ${JSON.stringify(value)}`);
  return new Date(time).toISOString();
}

function parseDateTime(value: unknown): string {
  if (instant(value) === null)
    throw new GraphQLError(
      `DateTime cannot represent an invalid date-time-string ${JSON.stringify(value)}.`,
    );
  return value as string;
}

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  serialize: serialiseDateTime,
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

const TIMELESS = /^\d{4}-\d{2}-\d{2}$/;

function parseTimelessDate(value: unknown): string {
  if (typeof value !== 'string' || !TIMELESS.test(value))
    throw new GraphQLError(
      `TimelessDate cannot represent ${JSON.stringify(value)}: expected YYYY-MM-DD.`,
    );
  return value;
}

export const TimelessDateScalar = new GraphQLScalarType({
  name: 'TimelessDate',
  serialize: (value) => (typeof value === 'string' ? value.slice(0, 10) : parseTimelessDate(value)),
  parseValue: parseTimelessDate,
  parseLiteral: (ast) => parseTimelessDate(ast.kind === Kind.STRING ? ast.value : undefined),
});
