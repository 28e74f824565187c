import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWebBuild } from './web-build.js';

describe('readWebBuild', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sm-build-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the id the web build wrote into index.html', async () => {
    const file = path.join(dir, 'built.html');
    await writeFile(file, '<head><meta name="sm-build" content="0f3a9c1e22b7d845" />\n</head>');
    expect(readWebBuild(file)).toBe('0f3a9c1e22b7d845');
  });

  it('is null without a build, or for a page no build wrote (the dev server’s)', async () => {
    expect(readWebBuild(path.join(dir, 'missing.html'))).toBeNull();
    const file = path.join(dir, 'dev.html');
    await writeFile(file, '<head><title>app</title></head>');
    expect(readWebBuild(file)).toBeNull();
  });
});
