import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/** Nullable `anyOf` as `type: [T, 'null']`: fast-json-stringify validates each anyOf branch. */
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
 * fast-json-stringify instead of zod + JSON.stringify (decision 016), compiled on first use so
 * start does not wait for every route (decision 014). Unexpressible schemas keep zod's.
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

/** Throws when the schema cannot be expressed as JSON Schema. */
export function compileSerializer<T extends z.ZodType>(schema: T): (value: z.output<T>) => string {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'throw',
    target: 'draft-7',
  });
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
}
