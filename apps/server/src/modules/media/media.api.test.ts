import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  DB_KINDS,
  registerBySms,
  type TestApp,
} from '../../../test/helpers.js';
import { form, MB, mov, mp4, pngClaiming, solid } from '../../../test/files.js';
import { media } from '../../db/schema.js';
import { findMediaByIds } from './media.repo.js';

const STORED_URL = /^\/media\/[\w-]{22}\.(webp|mp4|mov|webm)$/;

describe.each(DB_KINDS)('media uploads on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // A new merchant through the public sign-up: modules' tests do not import the seed CLI.
    merchant = new Client(t.app);
    const phone = { display: '012-555 0101', e164: '+60125550101' };
    await registerBySms(t.app, merchant, 'merchant', phone, 'Secret#2026');
    jpeg = await solid(2400, 1800).jpeg().toBuffer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (fileName: string, bytes: Buffer, client = merchant, field = 'file') => {
    const { payload, headers } = form(fileName, bytes, field);
    return client.request('POST', '/api/media', payload, headers);
  };

  /** Stored files and rows, to show a refused upload leaves nothing, not even a temp file. */
  async function stored() {
    const entries = await readdir(t.config.mediaDir, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(t.config.mediaDir, path.join(e.parentPath, e.name)))
      .sort();
    const [row] = await t.database.db.select({ n: count() }).from(media);
    return { files, rows: row?.n };
  }

  async function expectRefused(
    res: Awaited<ReturnType<typeof upload>>,
    status: number,
    code: string,
    before: Awaited<ReturnType<typeof stored>>,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await stored()).toEqual(before);
  }

  it('re-encodes a JPEG to WebP within 1600×1600, with a thumbnail, served immutable', async () => {
    const res = await upload('IMG_0001.JPG', jpeg);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json();
    expect(item).toMatchObject({ kind: 'photo', width: 1600, height: 1200 });
    expect(item.url).toMatch(STORED_URL);
    expect(item.url).toMatch(/\.webp$/);
    expect(item.thumbUrl).toMatch(STORED_URL);

    const file = await merchant.get(item.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.length).toBe(item.size);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 1200]);

    // Anyone with the URL may read it: buyers see lot photos.
    const thumb = await t.app.inject(item.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 400, 300]);
  });

  it('turns a photo upright by its EXIF orientation and strips the metadata', async () => {
    const sideways = await solid(800, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload('sideways.jpeg', sideways);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 600, height: 800 });
    const meta = await sharp((await t.app.inject(res.json().url)).rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('takes a PNG and never enlarges a small photo', async () => {
    const png = await solid(300, 200).png().toBuffer();
    const res = await upload('catch.png', png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'photo', width: 300, height: 200 });
    const thumb = await sharp((await t.app.inject(res.json().thumbUrl)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([300, 200]);
  });

  it('stores a video as uploaded, under the type its content has', async () => {
    const res = await upload('clip.MP4', mp4);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json();
    expect(item).toMatchObject({
      kind: 'video',
      thumbUrl: null,
      width: null,
      height: null,
      size: mp4.length,
    });
    expect(item.url).toMatch(/\.mp4$/);
    const file = await t.app.inject(item.url);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.equals(mp4)).toBe(true);

    // A name without an extension says nothing, so it cannot contradict the content.
    const quicktime = await upload('recording', mov);
    expect(quicktime.statusCode, quicktime.body).toBe(200);
    expect(quicktime.json().url).toMatch(/\.mov$/);
    expect((await t.app.inject(quicktime.json().url)).headers['content-type']).toBe(
      'video/quicktime',
    );
  });

  it('refuses content that is no accepted photo or video, whatever its name, and keeps nothing', async () => {
    const before = await stored();
    await expectRefused(
      await upload('x.jpg', Buffer.from('just some text, not a photo\n'.repeat(100))),
      415,
      'UNSUPPORTED_FILE',
      before,
    );
    const gif = await solid(10, 10).gif().toBuffer();
    await expectRefused(await upload('anim.gif', gif), 415, 'UNSUPPORTED_FILE', before);
    // Sniffs as a JPEG, but its body is cut off: it does not decode.
    await expectRefused(
      await upload('cut.jpg', jpeg.subarray(0, 2000)),
      415,
      'UNSUPPORTED_FILE',
      before,
    );
  });

  it('refuses a file whose name says another type than its content', async () => {
    const before = await stored();
    await expectRefused(await upload('clip.mp4', jpeg), 415, 'FILE_TYPE_MISMATCH', before);
    await expectRefused(await upload('photo.jpg', mp4), 415, 'FILE_TYPE_MISMATCH', before);
  });

  it('refuses a photo over 10 MB', async () => {
    // Uncompressed, so the file is as large as its pixels: about 10.8 MB.
    const big = await solid(2000, 1800).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(10 * MB);
    const before = await stored();
    await expectRefused(await upload('big.png', big), 413, 'FILE_TOO_LARGE', before);
  });

  it('refuses a video over 50 MB', async () => {
    const big = Buffer.concat([mp4, Buffer.alloc(50 * MB)]);
    const before = await stored();
    await expectRefused(await upload('long.mp4', big), 413, 'FILE_TOO_LARGE', before);
  });

  it('refuses an image of too many pixels before decoding it', async () => {
    const bomb = pngClaiming(7000, 7000);
    expect(bomb.length).toBeLessThan(1000);
    const before = await stored();
    await expectRefused(await upload('bomb.png', bomb), 413, 'IMAGE_TOO_LARGE', before);
  });

  it('needs a merchant session, a multipart body and a file', async () => {
    const anonymous = await upload('a.jpg', jpeg, new Client(t.app));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('NOT_LOGGED_IN');

    const before = await stored();
    const json = await merchant.post('/api/media', { file: 'a.jpg' });
    await expectRefused(json, 415, 'UNSUPPORTED_MEDIA_TYPE', before);
    await expectRefused(
      await upload('a.jpg', jpeg, merchant, 'photo'),
      400,
      'FILE_REQUIRED',
      before,
    );
    await expectRefused(await upload('empty.jpg', Buffer.alloc(0)), 400, 'FILE_REQUIRED', before);
    const noBoundary = await merchant.request('POST', '/api/media', Buffer.from('x'), {
      'content-type': 'multipart/form-data',
    });
    await expectRefused(noBoundary, 400, 'BAD_REQUEST', before);
  });

  it('answers JSON 404 for a missing file and never lists or serves other paths', async () => {
    // An upload in progress, under a name of the stored shape: still not served.
    const name = `${randomBytes(16).toString('base64url')}.webp`;
    await mkdir(path.join(t.config.mediaDir, 'tmp'), { recursive: true });
    await writeFile(path.join(t.config.mediaDir, 'tmp', name), 'partial');
    for (const url of [
      `/media/${randomBytes(16).toString('base64url')}.webp`,
      '/media/',
      '/media/tmp/',
      '/media/tmp',
      `/media/tmp/${name}`,
      `/media/tmp%2f${name}`,
      '/media/..%2fconfig.json',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    await rm(path.join(t.config.mediaDir, 'tmp', name));
  });

  it('finds media by id for their merchant only', async () => {
    const item = (await upload('a.png', await solid(50, 50).png().toBuffer())).json();
    const me = (await merchant.get('/api/me')).json().id as string;
    const found = await findMediaByIds(t.database.db, me, [item.id, 'not-a-uuid']);
    expect(found.map((r) => r.id)).toEqual([item.id]);
    const stranger = '00000000-0000-4000-8000-000000000000';
    expect(await findMediaByIds(t.database.db, stranger, [item.id])).toEqual([]);
  });

  it('documents the upload in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const op = doc.paths['/api/media'].post;
    expect(op.tags).toEqual(['Media']);
    expect(Object.keys(op.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
  });
});
