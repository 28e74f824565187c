import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type Stringify = (data: unknown) => string;

/**
 * A JSON answer written by fast-json-stringify, compiled from its zod schema's JSON Schema: only
 * the declared fields, in the declared order, as zod's encode walk and JSON.stringify wrote it,
 * in one pass (the walk cost more than the rest of a small answer). Encoding writes a schema's
 * input side, so the JSON Schema is the input's: objects without `additionalProperties: false`,
 * which would make a nullable object with an undeclared field fail where zod drops the field.
 */
function compile(schema: ZodType): Stringify {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(json as Schema);
}

/**
 * The serializer compiler of every route. With `checkContract` (development and tests) each
 * answer is also encoded by zod as before: one the contract refuses fails as it always did, and
 * one whose bytes differ from zod's is a 500 naming both, so the suite proves on every answer it
 * makes that production sends what zod would. A serializer is compiled on its route's first
 * answer (about 3 ms each; start-up compiles none), once per schema (the error shape is shared).
 */
export function createSerializerCompiler({
  checkContract,
}: {
  checkContract: boolean;
}): FastifySerializerCompiler<ZodType> {
  const compiled = new WeakMap<ZodType, Stringify>();
  const stringifierOf = (schema: ZodType) => {
    let stringify = compiled.get(schema);
    if (!stringify) compiled.set(schema, (stringify = compile(schema)));
    return stringify;
  };
  return ({ schema, method, url }) => {
    let stringify: Stringify | undefined;
    return (data) => {
      stringify ??= stringifierOf(schema);
      const json = stringify(data);
      if (!checkContract) return json;
      const encoded = z.safeEncode(schema, data);
      if (!encoded.success) {
        throw new ResponseSerializationError(method, url, { cause: encoded.error });
      }
      const expected = JSON.stringify(encoded.data);
      if (json !== expected) {
        throw new Error(`${method} ${url}: compiled answer ${json} differs from zod's ${expected}`);
      }
      return json;
    };
  };
}
