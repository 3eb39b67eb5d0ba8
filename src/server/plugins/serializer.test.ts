import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer';

/** A route answering with `schema`, which counts how often its schema is read (to compile it). */
function route(schema: z.ZodType) {
  let reads = 0;
  return {
    get schema() {
      reads += 1;
      return schema;
    },
    method: 'GET' as const,
    url: '/api/v1/example/',
    httpStatus: '200',
    reads: () => reads,
  };
}

const Person = z.object({
  name: z.string(),
  nickname: z.string().nullable(),
  age: z.number().int(),
});

describe('serializerCompiler', () => {
  it('compiles a route’s serialiser when the route first answers, once', () => {
    const answering = route(Person);
    const serialize = serializerCompiler(answering);
    expect(answering.reads()).toBe(0);

    expect(serialize({ age: 31, name: 'Ada', nickname: null })).toBe(
      '{"name":"Ada","nickname":null,"age":31}',
    );
    expect(serialize({ name: 'Grace', nickname: 'Amazing', age: 85 })).toBe(
      '{"name":"Grace","nickname":"Amazing","age":85}',
    );
    expect(answering.reads()).toBe(1);
  });

  it('writes only the schema’s properties, in its order', () => {
    const serialize = serializerCompiler(route(Person));
    const value = { secret: 'token', age: 40, nickname: 'B', name: 'Bo' };

    expect(JSON.parse(serialize(value))).toEqual({ name: 'Bo', nickname: 'B', age: 40 });
    expect(serialize(value)).toBe('{"name":"Bo","nickname":"B","age":40}');
  });

  it('leaves a schema JSON Schema cannot express to zod, on first use too', () => {
    const Stamped = z.object({ at: z.date() });
    const serialize = serializerCompiler(route(Stamped));

    expect(serialize({ at: new Date('2026-11-27T01:02:03.000Z') })).toBe(
      '{"at":"2026-11-27T01:02:03.000Z"}',
    );
  });
});
