import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySwaggerUi, nullableAsOpenApi30 } from './openapi.js';

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

describe('Swagger UI, loaded on the first request to its pages', () => {
  const docsApp = async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { info: { title: 't', version: '1' } } });
    await app.register(lazySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => `${header} transformed`,
    });
    app.get('/api/thing', { schema: { summary: 'A thing' } }, async () => ({ ok: true }));
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ code: 'NOT_FOUND' }));
    await app.ready();
    return app;
  };

  it('answers its pages and files as the plugin did, with its own CSP', async () => {
    const app = await docsApp();
    const page = await app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/transformed$/);
    const css = await app.inject('/api/docs/static/swagger-ui.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    // The document is the app's own.
    const doc = (await app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(['/api/thing']);
    const redirect = await app.inject('/api/docs/static/index.html');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['content-type']).toBeUndefined();
    await app.close();
  });

  it('leaves a file it does not have to the app’s not-found answer; refuses in the house shape', async () => {
    const app = await docsApp();
    const missing = await app.inject('/api/docs/static/nothing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND' });
    // @fastify/static refuses a NUL in the path: `{code, message}`, as the app's errors are.
    const refused = await app.inject('/api/docs/static/x%00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BAD_REQUEST' });
    await app.close();
  });
});
