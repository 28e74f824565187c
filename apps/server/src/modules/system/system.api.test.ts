import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';

describe.each(DB_KINDS)('system routes on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'sm-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><meta name="sm-build" content="b1d5e7a9c3f04e21"><title>app shell</title>',
    );
    await writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp(kind, { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports health, version and the build of the app it serves', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });
    expect((await t.app.inject('/api/version')).json()).toEqual({
      version: '1.0.0',
      code: 100,
      build: 'b1d5e7a9c3f04e21',
    });
  });

  it('serves the OpenAPI document with merchant, buyer and operator routes', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/buyer/auth/login',
        '/api/me',
        '/api/operator/sms-outbox',
      ]),
    );
    // Every API route documents the error shape.
    const login = doc.paths['/api/auth/login'].post.responses;
    expect(Object.keys(login)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers unknown API paths with JSON 404 and other paths with the app', async () => {
    const api = await t.app.inject('/api/nothing/here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.json().code).toBe('NOT_FOUND');

    const page = await t.app.inject('/pages/orders/orders');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('app shell');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject('/assets/app-1234.js');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('hides internals when the database fails', async () => {
    const broken = await createTestApp(kind);
    await broken.database.close();
    const health = await broken.app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ code: 'UNAVAILABLE', message: 'Service unavailable' });
    const login = await broken.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone: '012-345 6789', password: 'whatever1' },
    });
    expect(login.statusCode).toBe(500);
    expect(login.json()).toEqual({ code: 'INTERNAL', message: 'Failed' });
    await broken.close();
  });
});
