import { createRequire } from 'node:module';
import type { Schema } from 'fast-json-stringify';
import type fastJsonModule from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type Stringify = (data: unknown) => string;
type FastJson = typeof fastJsonModule;

/**
 * fast-json-stringify (with the ajv it validates unions with) is no part of the start: a server
 * loads it on its first JSON answer, in the background, and answers through zod until it is in.
 * Where the contract is checked it loads at once instead, so every answer is checked compiled.
 */
let fastJson: FastJson | null = null;
let loading: Promise<void> | null = null;
const loadInBackground = () =>
  (loading ??= import('fast-json-stringify').then(
    (m) => void (fastJson = m.default),
    () => {
      loading = null; // answered through zod meanwhile; the next answer tries again
    },
  ));
const loadNow = (): FastJson =>
  (fastJson ??= createRequire(import.meta.url)('fast-json-stringify') as FastJson);

/** zod's own encoding as JSON.stringify writes it (what a compiled answer must match), or why not. */
function zodAnswer(schema: ZodType, data: unknown, method: string, url: string): string {
  const encoded = z.safeEncode(schema, data);
  if (!encoded.success) throw new ResponseSerializationError(method, url, { cause: encoded.error });
  return JSON.stringify(encoded.data);
}

/**
 * A JSON answer written by fast-json-stringify, compiled from its zod schema's JSON Schema: only
 * the declared fields, in the declared order, as zod's encode walk and JSON.stringify wrote it,
 * in one pass (the walk cost more than the rest of a small answer). Encoding writes a schema's
 * input side, so the JSON Schema is the input's: objects without `additionalProperties: false`,
 * which would make a nullable object with an undeclared field fail where zod drops the field.
 */
function compile(build: FastJson, schema: ZodType): Stringify {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'any' });
  return build(json as Schema);
}

/**
 * The serializer compiler of every route. With `checkContract` (development and tests) each
 * answer is also encoded by zod as before: one the contract refuses fails as it always did, and
 * one whose bytes differ from zod's is a 500 naming both, so the suite proves on every answer it
 * makes that production sends what zod would. A serializer is compiled on its route's first
 * answer (about 3 ms each; start-up compiles none), once per schema (the error shape is shared);
 * in production, a route's answers before fast-json-stringify is in are zod's, as checked here.
 */
export function createSerializerCompiler({
  checkContract,
}: {
  checkContract: boolean;
}): FastifySerializerCompiler<ZodType> {
  const compiled = new WeakMap<ZodType, Stringify>();
  const stringifierOf = (build: FastJson, schema: ZodType) => {
    let stringify = compiled.get(schema);
    if (!stringify) compiled.set(schema, (stringify = compile(build, schema)));
    return stringify;
  };
  return ({ schema, method, url }) => {
    let stringify: Stringify | undefined;
    return (data) => {
      if (!stringify) {
        const build = checkContract ? loadNow() : fastJson;
        if (!build) {
          void loadInBackground();
          return zodAnswer(schema, data, method, url);
        }
        stringify = stringifierOf(build, schema);
      }
      const json = stringify(data);
      if (!checkContract) return json;
      const expected = zodAnswer(schema, data, method, url);
      if (json !== expected) {
        throw new Error(`${method} ${url}: compiled answer ${json} differs from zod's ${expected}`);
      }
      return json;
    };
  };
}
