import { describe, expect, it } from 'vitest';
import { nullableAsOpenApi30 } from './openapi.js';

describe('nullableAsOpenApi30', () => {
  it('lists null in a nullable enum, wherever it is', () => {
    const reason = { type: 'string', enum: ['merchant', 'default'], nullable: true };
    expect(
      nullableAsOpenApi30({
        type: 'object',
        properties: { cancelReason: reason, items: { type: 'array', items: reason } },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        cancelReason: { ...reason, enum: ['merchant', 'default', null] },
        items: { type: 'array', items: { ...reason, enum: ['merchant', 'default', null] } },
      },
    });
  });

  it('moves a typeless nullable onto the branches of its union', () => {
    expect(
      nullableAsOpenApi30({
        type: 'object',
        additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }], nullable: true },
      }),
    ).toEqual({
      type: 'object',
      additionalProperties: {
        anyOf: [
          { type: 'string', nullable: true },
          { type: 'number', nullable: true },
        ],
      },
    });
    // Under oneOf, null must match exactly one branch.
    expect(
      nullableAsOpenApi30({ oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true }),
    ).toEqual({ oneOf: [{ type: 'string', nullable: true }, { type: 'number' }] });
  });

  it('leaves what is not nullable, and a property named like a keyword, as it was', () => {
    const schema = {
      type: 'object',
      properties: { enum: { type: 'string', enum: ['a'] }, nullable: { type: 'boolean' } },
      required: ['enum'],
    };
    expect(nullableAsOpenApi30(schema)).toEqual(schema);
  });
});
