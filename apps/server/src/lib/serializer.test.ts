import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z, type ZodType } from 'zod';
import { createSerializerCompiler } from './serializer.js';

const serializerOf = (schema: ZodType, checkContract: boolean) =>
  createSerializerCompiler({ checkContract })({
    schema,
    method: 'GET',
    url: '/x',
    httpStatus: '200',
  });

/** The kinds of field the contract's answers are made of. */
const answer = z.object({
  id: z.string(),
  name: z.string().nullable(),
  note: z.string().optional(),
  price: z.number().int(),
  rate: z.number(),
  live: z.boolean(),
  status: z.enum(['live', 'ended']),
  reason: z.enum(['sold', 'expired']).nullable(),
  tags: z.array(z.object({ kg: z.number().int(), label: z.string() })),
  counts: z.record(z.string(), z.number().int()),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  before: z.unknown(),
  kind: z.literal('lot'),
  width: z.union([z.literal(58), z.literal(80)]),
  owner: z.object({ id: z.string(), phone: z.string() }).nullable(),
});

const value = {
  id: 'a1',
  name: 'Ikan "bawal" \\ 鱼 \u2028 \n\t \ud83d\udc1f lone \ud800',
  note: undefined,
  price: 123456,
  rate: 0.035,
  live: true,
  status: 'live',
  reason: null,
  tags: [{ kg: 12, label: '</script>' }],
  counts: { all: 3, '9': 1 },
  data: { lotId: 'x', kg: 2, none: null },
  before: { nested: [1, 'two', null, { deep: true }] },
  kind: 'lot',
  width: 80,
  owner: { id: 'o', phone: '+60123456789' },
};

describe('the compiled serializer', () => {
  it('writes the bytes zod and JSON.stringify wrote, checked or not', () => {
    const expected = JSON.stringify(answer.encode(value as z.output<typeof answer>));
    expect(serializerOf(answer, false)(value)).toBe(expected);
    expect(serializerOf(answer, true)(value)).toBe(expected);
  });

  it('never sends a field the contract does not declare, in production too', () => {
    const row = { ...value, passwordHash: 'secret', owner: { ...value.owner, token: 'secret' } };
    for (const checked of [false, true]) {
      const json = serializerOf(answer, checked)(row);
      expect(json).not.toContain('secret');
      expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
    }
  });

  it('refuses, where checked, an answer the contract refuses', () => {
    const wrong = { ...value, status: 'sold' };
    expect(() => serializerOf(answer, true)(wrong)).toThrow(ResponseSerializationError);
  });

  it('refuses, where checked, a schema whose encoding changes a value', () => {
    // Zod writes 5 as "5.00"; the compiled serializer only knows the field is a string: "5".
    const codec = z.object({
      n: z.codec(z.string(), z.number(), { decode: Number, encode: (n) => n.toFixed(2) }),
    });
    expect(() => serializerOf(codec, true)({ n: 5 })).toThrow(/differs from zod's/);
  });
});

describe('fast-json-stringify, loaded on first use', () => {
  it('is loaded by the first answer in production, which zod writes meanwhile', async () => {
    vi.resetModules();
    const fresh = await import('./serializer.js');
    // A codec tells the writers apart: zod writes 5 as "5.00", the compiled serializer "5".
    const codec = z.object({
      n: z.codec(z.string(), z.number(), { decode: Number, encode: (n) => n.toFixed(2) }),
    });
    const serialize = fresh.createSerializerCompiler({ checkContract: false })({
      schema: codec,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(serialize({ n: 5 })).toBe('{"n":"5.00"}');
    await vi.waitFor(() => expect(serialize({ n: 5 })).toBe('{"n":"5"}'));
    // A route answering for the first time once it is in is compiled at once.
    const other = fresh.createSerializerCompiler({ checkContract: false })({
      schema: codec.extend({}),
      method: 'GET',
      url: '/y',
      httpStatus: '200',
    });
    expect(other({ n: 5 })).toBe('{"n":"5"}');
  });

  it('refuses in production too, before it is in, an answer the contract refuses', async () => {
    vi.resetModules();
    const fresh = await import('./serializer.js');
    const serialize = fresh.createSerializerCompiler({ checkContract: false })({
      schema: answer,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(() => serialize({ ...value, status: 'sold' })).toThrow(/Response doesn't match/);
  });
});
