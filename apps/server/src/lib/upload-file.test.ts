import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveUpload } from './upload-file.js';

const log = { info: () => {} } as unknown as FastifyBaseLogger;

describe('receiveUpload', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sm-upload-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const left = async () => readdir(path.join(dir, 'tmp'));
  const upload = (stream: Readable) => ({ fileName: 'a.jpg', stream });

  it('hands over the bytes, then removes the file it streamed to', async () => {
    const kept = await receiveUpload(
      upload(Readable.from([Buffer.from('abc'), Buffer.from('de')])),
      { dir, max: 10, log },
      async (tmp, size) => ({ size, files: await left(), name: path.basename(tmp) }),
    );
    expect(kept.size).toBe(5);
    expect(kept.files).toEqual([kept.name]);
    expect(await left()).toEqual([]);
  });

  // A body that breaks off at once rejects the pipeline before a write stream's own open could
  // land; the file must exist before that, or its removal runs first and the open creates it after.
  it('leaves nothing when the body breaks off at once', async () => {
    for (let i = 0; i < 100; i++) {
      const broken = new Readable({
        read() {
          this.destroy(new Error('aborted'));
        },
      });
      await expect(
        receiveUpload(upload(broken), { dir, max: 10, log }, async () => 'kept'),
      ).rejects.toMatchObject({ code: 'UPLOAD_FAILED' });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await left()).toEqual([]);
  });

  it('refuses past the limit and when empty, leaving nothing', async () => {
    const big = upload(Readable.from([Buffer.alloc(8), Buffer.alloc(8)]));
    await expect(receiveUpload(big, { dir, max: 10, log }, async () => 1)).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    const empty = upload(Readable.from([]));
    await expect(receiveUpload(empty, { dir, max: 10, log }, async () => 1)).rejects.toMatchObject({
      code: 'FILE_REQUIRED',
    });
    expect(await left()).toEqual([]);
  });
});
