import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * `anyOf: [{ type: 'string', … }, { type: 'null' }]` (zod's nullable) as `type: ['string',
 * 'null']`: fast-json-stringify writes the second form directly, but picks an `anyOf` branch by
 * validating the value against each one, on every response.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, simplify(value)]),
  ) as JsonSchema;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [a, b] = anyOf as JsonSchema[];
    const isNull = (s: JsonSchema | undefined) => s?.type === 'null' && Object.keys(s).length === 1;
    const other = isNull(b) ? a : isNull(a) ? b : undefined;
    if (other && typeof other.type === 'string' && PRIMITIVES.has(other.type)) {
      const { anyOf: _anyOf, ...rest } = schema;
      const merged: JsonSchema = { ...rest, ...other, type: [other.type, 'null'] };
      if (Array.isArray(merged.enum)) merged.enum = [...merged.enum, null];
      return merged;
    }
  }
  return schema;
}

/**
 * Response serialisation with fast-json-stringify, compiled from the route's zod response schema
 * (its JSON Schema, as the OpenAPI document shows it) when the route first answers with it: a
 * server start would otherwise wait for every route's compilation (decision 014).
 * fastify-type-provider-zod's own compiler encodes every response through zod and then calls
 * JSON.stringify (decision 016). The output is the same: the schema's properties in the schema's
 * order, unknown ones left out. A schema that JSON Schema cannot express (a transform, a date)
 * keeps zod's serialiser.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let serialize: ((value: unknown) => string) | undefined;
  return (value) => {
    serialize ??= compileRouteSerializer(route);
    return serialize(value);
  };
};

function compileRouteSerializer(
  route: Parameters<FastifySerializerCompiler<z.ZodType>>[0],
): (value: unknown) => string {
  const { schema } = route;
  if (schema instanceof z.ZodType) {
    try {
      return compileSerializer(schema);
    } catch {
      // Not expressible as JSON Schema: zod serialises it.
    }
  }
  return zodSerializerCompiler(route);
}

/**
 * The JSON text of values of `schema`, as a route answering with that schema writes them (a
 * response assembled from parts, e.g. a list page's logs, writes each part with this). Throws
 * when the schema cannot be expressed as JSON Schema.
 */
export function compileSerializer<T extends z.ZodType>(schema: T): (value: z.output<T>) => string {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'throw',
    target: 'draft-7',
  });
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
}
