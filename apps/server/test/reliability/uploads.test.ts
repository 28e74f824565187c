import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDocuments, media, merchants } from '../../src/db/schema.js';
import { registerAccount } from '../auctions.js';
import { form, jpegClaiming, MB, mov, mp4, PDF, pngClaiming, solid } from '../files.js';
import { type Client, createTestApp, type TestApp } from '../helpers.js';

/**
 * Reliability (issue 7, item 5): every upload route of the app against hostile files. Each is
 * refused with its code and leaves nothing behind: no row, no file anywhere under DATA_DIR, no
 * change of business status. The checks are about files and the HTTP layer, not the SQL dialect,
 * so this runs on PGlite only.
 */

interface Hostile {
  name: string;
  fileName: string;
  bytes: () => Promise<Buffer> | Buffer;
  status: number;
  code: string;
}

const text = Buffer.from('just some text, not a photo or a document\n'.repeat(100));
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);
const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000', 'hex');
const jpeg = () => solid(64, 48).jpeg().toBuffer();
const png = () => solid(64, 48).png().toBuffer();
const gif = () => solid(10, 10).gif().toBuffer();
/** A lossless WebP whose VP8L header claims width×height (each at most 16 384). */
const webpClaiming = async (width: number, height: number) => {
  const webp = Buffer.from(await solid(16, 16).webp({ lossless: true }).toBuffer());
  const at = webp.indexOf('VP8L') + 9; // after the chunk's tag, size and 0x2f signature
  const flags = webp.readUInt32LE(at) & 0xf0000000;
  webp.writeUInt32LE((flags | (width - 1) | ((height - 1) << 14)) >>> 0, at);
  return webp;
};

/** Refused by every upload route: nothing an upload may be, whatever its name says. */
const COMMON: Hostile[] = [
  {
    name: 'plain text',
    fileName: 'x.jpg',
    bytes: () => text,
    status: 415,
    code: 'UNSUPPORTED_FILE',
  },
  {
    name: 'SVG with a script',
    fileName: 'x.png',
    bytes: () => svg,
    status: 415,
    code: 'UNSUPPORTED_FILE',
  },
  { name: 'HTML', fileName: 'x.pdf', bytes: () => html, status: 415, code: 'UNSUPPORTED_FILE' },
  {
    name: 'an executable',
    fileName: 'x.jpg',
    bytes: () => exe,
    status: 415,
    code: 'UNSUPPORTED_FILE',
  },
  { name: 'a ZIP', fileName: 'x.pdf', bytes: () => zip, status: 415, code: 'UNSUPPORTED_FILE' },
  { name: 'a GIF', fileName: 'x.gif', bytes: gif, status: 415, code: 'UNSUPPORTED_FILE' },
  {
    name: 'an empty file',
    fileName: 'x.jpg',
    bytes: () => Buffer.alloc(0),
    status: 400,
    code: 'FILE_REQUIRED',
  },
  {
    name: 'a PNG claiming 100 000 × 100 000 pixels',
    fileName: 'bomb.png',
    bytes: () => pngClaiming(100_000, 100_000),
    status: 413,
    code: 'IMAGE_TOO_LARGE',
  },
  {
    name: 'a JPEG claiming 65 000 × 65 000 pixels',
    fileName: 'bomb.jpg',
    bytes: () => jpegClaiming(65_000, 65_000),
    status: 413,
    code: 'IMAGE_TOO_LARGE',
  },
  {
    name: 'a WebP claiming 16 000 × 16 000 pixels',
    fileName: 'bomb.webp',
    bytes: () => webpClaiming(16_000, 16_000),
    status: 413,
    code: 'IMAGE_TOO_LARGE',
  },
  {
    name: 'a PNG cut off after its header',
    fileName: 'cut.png',
    bytes: async () => (await png()).subarray(0, 40),
    status: 415,
    code: 'UNSUPPORTED_FILE',
  },
];

/** Per route: what it takes, and what it must refuse besides the common cases. */
const ROUTES: Record<
  string,
  { accepted: () => Promise<Buffer> | Buffer; ext: string; cases: Hostile[] }
> = {
  'POST /api/media': {
    accepted: jpeg,
    ext: 'jpg',
    cases: [
      {
        name: 'a JPEG named .mp4',
        fileName: 'clip.mp4',
        bytes: jpeg,
        status: 415,
        code: 'FILE_TYPE_MISMATCH',
      },
      {
        name: 'an MP4 named .jpg',
        fileName: 'photo.jpg',
        bytes: () => mp4,
        status: 415,
        code: 'FILE_TYPE_MISMATCH',
      },
      {
        name: 'a MOV named .png',
        fileName: 'photo.png',
        bytes: () => mov,
        status: 415,
        code: 'FILE_TYPE_MISMATCH',
      },
      {
        name: 'a PDF',
        fileName: 'doc.pdf',
        bytes: () => PDF,
        status: 415,
        code: 'UNSUPPORTED_FILE',
      },
      {
        name: 'a JPEG of 11 MB',
        fileName: 'big.jpg',
        bytes: async () => Buffer.concat([await jpeg(), Buffer.alloc(11 * MB)]),
        status: 413,
        code: 'FILE_TOO_LARGE',
      },
      {
        name: 'a video past 50 MB',
        fileName: 'long.mp4',
        bytes: () => Buffer.concat([mp4, Buffer.alloc(50 * MB + 10)]),
        status: 413,
        code: 'FILE_TOO_LARGE',
      },
    ],
  },
  'POST /api/store/ssm': {
    accepted: () => PDF,
    ext: 'pdf',
    cases: [
      {
        name: 'a PNG named .pdf',
        fileName: 'ssm.pdf',
        bytes: png,
        status: 415,
        code: 'FILE_TYPE_MISMATCH',
      },
      {
        name: 'a PDF named .jpg',
        fileName: 'scan.jpg',
        bytes: () => PDF,
        status: 415,
        code: 'FILE_TYPE_MISMATCH',
      },
      {
        name: 'a video',
        fileName: 'ssm.mp4',
        bytes: () => mp4,
        status: 415,
        code: 'UNSUPPORTED_FILE',
      },
      {
        name: 'a PDF of 11 MB',
        fileName: 'ssm.pdf',
        bytes: () => Buffer.concat([PDF, Buffer.alloc(11 * MB)]),
        status: 413,
        code: 'FILE_TOO_LARGE',
      },
      {
        name: 'a body far past any limit (60 MB)',
        fileName: 'ssm.pdf',
        bytes: () => Buffer.concat([PDF, Buffer.alloc(60 * MB)]),
        status: 413,
        code: 'FILE_TOO_LARGE',
      },
    ],
  },
};

/** Every file under `dir`, with its size: a refused upload must leave none behind, not even a part. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.push(`${path.relative(dir, file)}:${(await stat(file)).size}`);
  }
  return out.sort();
}

describe('uploads under attack (reliability)', () => {
  let t: TestApp;
  let merchant: Client;
  let merchantId: string;

  const snapshot = async () => {
    const db = t.database.db;
    const [m] = await db.select({ n: count() }).from(media);
    const [d] = await db.select({ n: count() }).from(businessDocuments);
    const [status] = await db
      .select({ s: merchants.businessStatus })
      .from(merchants)
      .where(eq(merchants.accountId, merchantId));
    return {
      media: m?.n,
      documents: d?.n,
      status: status?.s,
      files: await filesUnder(t.config.dataDir),
    };
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    merchant = await registerAccount(t, 'merchant', 7000001);
    merchantId = (await merchant.get('/api/me')).json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('knows every upload route of the app', async () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content?: object } }>>;
    };
    const uploads = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(
          ([, op]) => op.requestBody?.content && 'multipart/form-data' in op.requestBody.content,
        )
        .map(([method]) => `${method.toUpperCase()} ${p}`),
    );
    // A new upload route must be added to ROUTES, with the hostile files it must refuse.
    expect(uploads.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [route, { accepted, ext, cases }] of Object.entries(ROUTES)) {
    const [method, url] = route.split(' ') as ['POST', string];
    for (const c of [...COMMON, ...cases]) {
      it(`${route} refuses ${c.name} and keeps nothing`, async () => {
        const before = await snapshot();
        const body = form(c.fileName, await c.bytes());
        const res = await merchant.request(method, url, body.payload, body.headers);
        expect({ status: res.statusCode, code: res.json().code }, res.body).toEqual({
          status: c.status,
          code: c.code,
        });
        expect(res.json().message).toEqual(expect.any(String));
        expect(await snapshot()).toEqual(before);
      });
    }

    it(`${route} stores a good file under its own name, whatever path the client gave`, async () => {
      const trap = path.join(tmpdir(), `sm-upload-escape-${process.pid}.${ext}`);
      const body = form(`../../../../../..${trap}`, await accepted());
      const res = await merchant.request(method, url, body.payload, body.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(existsSync(trap)).toBe(false);
      expect(JSON.stringify(res.json())).not.toContain('..');
    });
  }

  it('stores only the first of two files; refuses a wrong field and broken bodies, keeping nothing', async () => {
    const before = await snapshot();
    const good = await jpeg();
    const a = form('a.jpg', good);
    const boundary = /boundary=(.+)$/.exec(a.headers['content-type'])![1];
    const two = Buffer.concat([
      a.payload.subarray(0, a.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.jpg"\r\n\r\n`,
      ),
      good,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const twoFiles = await merchant.request('POST', '/api/media', two, a.headers);
    // The first file is the upload (a photo and its thumbnail); the second is never stored.
    expect(twoFiles.statusCode, twoFiles.body).toBe(200);
    const after = await snapshot();
    expect(after.media).toBe(Number(before.media) + 1);
    expect(after.files.length).toBe(before.files.length + 2);

    const wrongField = form('a.jpg', good, 'photo');
    const wf = await merchant.request('POST', '/api/media', wrongField.payload, wrongField.headers);
    expect(wf.json().code).toBe('FILE_REQUIRED');
    const cut = a.payload.subarray(0, a.payload.length - 40);
    const broken = await merchant.request('POST', '/api/store/ssm', cut, a.headers);
    expect({ status: broken.statusCode, code: broken.json().code }).toEqual({
      status: 422,
      code: 'UPLOAD_FAILED',
    });
    const noBoundary = await merchant.request('POST', '/api/media', Buffer.from('x'), {
      'content-type': 'multipart/form-data',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(await snapshot()).toEqual(after);
  });
});
