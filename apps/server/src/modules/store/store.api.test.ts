import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  DB_KINDS,
  registerBySms,
  TEST_OPERATOR_TOKEN,
  type TestApp,
} from '../../../test/helpers.js';
import { form, MB, mp4, PDF } from '../../../test/files.js';
import { businessDocuments } from '../../db/schema.js';
import { attachmentDisposition, downloadName } from './store.documents.js';

const png = (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer();

describe.each(DB_KINDS)('store profile on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let other: Client;

  beforeAll(async () => {
    t = await createTestApp(kind);
    merchant = new Client(t.app);
    other = new Client(t.app);
    await registerBySms(
      t.app,
      merchant,
      'merchant',
      { display: '012-555 0201', e164: '+60125550201' },
      'Secret#2026',
    );
    await registerBySms(
      t.app,
      other,
      'merchant',
      { display: '012-555 0202', e164: '+60125550202' },
      'Secret#2026',
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (client: Client, url: string, body: unknown) => client.request('PUT', url, body);
  const uploadMedia = async (client: Client, fileName: string, bytes: Buffer) => {
    const { payload, headers } = form(fileName, bytes);
    const res = await client.request('POST', '/api/media', payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; url: string; kind: string };
  };
  const uploadSsm = (client: Client, fileName: string, bytes: Buffer, field = 'file') => {
    const { payload, headers } = form(fileName, bytes, field);
    return client.request('POST', '/api/store/ssm', payload, headers);
  };
  const operatorCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/operator${url}`,
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'x-operator': 'store-test' },
      ...(payload ? { payload } : {}),
    });
  const expectCode = (
    res: { statusCode: number; body: string; json(): { code: string; field?: string } },
    status: number,
    code: string,
    field?: string,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    if (field) expect(res.json().field).toBe(field);
  };

  /** Stored document files (and upload leftovers) and rows, to show a refusal keeps nothing. */
  async function storedDocuments() {
    const entries = await readdir(t.config.documentsDir, {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    const files = entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(t.config.documentsDir, path.join(e.parentPath, e.name)))
      .sort();
    const [row] = await t.database.db.select({ n: count() }).from(businessDocuments);
    return { files, rows: row?.n };
  }

  it('shows a new merchant an empty store, Unverified, with the configured map tiles', async () => {
    const res = await merchant.get('/api/store');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: null,
      address: null,
      latitude: null,
      longitude: null,
      logo: null,
      description: null,
      announcements: [],
      carousel: [],
      hasColdRoom: false,
      businessStatus: 'unverified',
      businessRejectReason: null,
      ssmDocument: null,
      mapTiles: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
    });
    expect((await new Client(t.app).get('/api/store')).statusCode).toBe(401);
  });

  it('lets the app load map tiles from the tile host, and nothing else from elsewhere', async () => {
    const res = await t.app.inject('/api/health');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(csp).toContain("connect-src 'self';");
  });

  it('answers every basic-info field’s mistake with its own code and field', async () => {
    const valid = { name: 'Kedai Ikan Segar', address: null, latitude: 3.1, longitude: 101.6 };
    const cases: [object, string, string][] = [
      [{ ...valid, name: undefined }, 'STORE_NAME_REQUIRED', 'name'],
      [{ ...valid, name: '   ' }, 'STORE_NAME_REQUIRED', 'name'],
      [{ ...valid, name: 'x'.repeat(81) }, 'STORE_NAME_TOO_LONG', 'name'],
      [{ ...valid, address: 'x'.repeat(201) }, 'STORE_ADDRESS_TOO_LONG', 'address'],
      [{ ...valid, latitude: 90.5 }, 'INVALID_LATITUDE', 'latitude'],
      [{ ...valid, latitude: '3.1' }, 'INVALID_LATITUDE', 'latitude'],
      [{ ...valid, longitude: -180.01 }, 'INVALID_LONGITUDE', 'longitude'],
      [{ ...valid, longitude: null }, 'LOCATION_INCOMPLETE', 'longitude'],
      [{ ...valid, latitude: null }, 'LOCATION_INCOMPLETE', 'latitude'],
      [{ ...valid, logoMediaId: 'logo.png' }, 'INVALID_ID', 'logoMediaId'],
    ];
    for (const [body, code, field] of cases) {
      expectCode(await put(merchant, '/api/store/basic-info', body), 400, code, field);
    }
    expect((await merchant.get('/api/store')).json().name).toBeNull();
  });

  it('needs the basic info before the description and announcements', async () => {
    const res = await put(merchant, '/api/store/profile', { description: 'Fresh daily' });
    expectCode(res, 409, 'STORE_BASIC_INFO_REQUIRED');
  });

  it('saves the basic info with the merchant’s own photo as logo; the name shows in /api/me', async () => {
    const logo = await uploadMedia(merchant, 'logo.png', await png());
    const res = await put(merchant, '/api/store/basic-info', {
      name: '  Kedai Ikan Segar  ',
      address: ' Jeti Kuala Selangor, 45000 Kuala Selangor ',
      latitude: 3.3412345678,
      longitude: 101.2498765432,
      logoMediaId: logo.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Kedai Ikan Segar',
      address: 'Jeti Kuala Selangor, 45000 Kuala Selangor',
      latitude: 3.341235,
      longitude: 101.249877,
      logo: { id: logo.id, url: logo.url, kind: 'photo' },
    });
    expect((await merchant.get('/api/me')).json().storeName).toBe('Kedai Ikan Segar');

    // Saving again changes it; what is left out is cleared.
    const again = await put(merchant, '/api/store/basic-info', { name: 'Kedai Ikan Segar' });
    expect(again.json()).toMatchObject({ address: null, latitude: null, logo: null });
    await put(merchant, '/api/store/basic-info', {
      name: 'Kedai Ikan Segar',
      latitude: 3.34,
      longitude: 101.25,
      logoMediaId: logo.id,
    });
  });

  it('refuses another merchant’s photo, a missing one and a video as logo, changing nothing', async () => {
    const before = (await merchant.get('/api/store')).json();
    const theirs = await uploadMedia(other, 'theirs.png', await png());
    const video = await uploadMedia(merchant, 'clip.mp4', mp4);
    const body = (logoMediaId: string) => ({ name: 'Changed', logoMediaId });
    expectCode(await put(merchant, '/api/store/basic-info', body(theirs.id)), 404, 'NOT_FOUND');
    expectCode(
      await put(merchant, '/api/store/basic-info', body('00000000-0000-4000-8000-000000000000')),
      404,
      'NOT_FOUND',
    );
    expectCode(
      await put(merchant, '/api/store/basic-info', body(video.id)),
      400,
      'MEDIA_NOT_PHOTO',
    );
    expect((await merchant.get('/api/store')).json()).toEqual(before);
  });

  it('checks and saves the description and announcements, trimmed and in order', async () => {
    const cases: [object, string, string][] = [
      [{ description: 'x'.repeat(501) }, 'STORE_DESCRIPTION_TOO_LONG', 'description'],
      [
        { announcements: ['a', 'b', 'c', 'd', 'e', 'f'] },
        'TOO_MANY_ANNOUNCEMENTS',
        'announcements',
      ],
      [{ announcements: ['ok', 'x'.repeat(141)] }, 'ANNOUNCEMENT_TOO_LONG', 'announcements.1'],
      [{ announcements: ['  '] }, 'ANNOUNCEMENT_EMPTY', 'announcements.0'],
      [{ announcements: 'Closed on Friday' }, 'BAD_REQUEST', 'announcements'],
    ];
    for (const [body, code, field] of cases) {
      expectCode(await put(merchant, '/api/store/profile', body), 400, code, field);
    }
    const res = await put(merchant, '/api/store/profile', {
      description: '  Fresh catch from Kuala Selangor every morning.\nWholesale only.  ',
      announcements: [' Closed on Hari Raya ', 'Prawns landed at 6 am'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'Fresh catch from Kuala Selangor every morning.\nWholesale only.',
      announcements: ['Closed on Hari Raya', 'Prawns landed at 6 am'],
    });
  });

  it('keeps up to 5 carousel photos in the order sent, and only the merchant’s own', async () => {
    const photos = [];
    for (let i = 0; i < 6; i++) photos.push(await uploadMedia(merchant, `c${i}.png`, await png()));
    const ids = photos.map((p) => p.id);
    const theirs = await uploadMedia(other, 'theirs.png', await png());

    expectCode(
      await put(merchant, '/api/store/carousel', { mediaIds: ids }),
      400,
      'TOO_MANY_CAROUSEL_IMAGES',
      'mediaIds',
    );
    expectCode(
      await put(merchant, '/api/store/carousel', { mediaIds: [ids[0], ids[0]] }),
      400,
      'CAROUSEL_DUPLICATE_IMAGE',
    );
    expectCode(
      await put(merchant, '/api/store/carousel', { mediaIds: [ids[0], theirs.id] }),
      404,
      'NOT_FOUND',
    );
    expectCode(await put(merchant, '/api/store/carousel', {}), 400, 'REQUIRED_FIELDS');

    const first = await put(merchant, '/api/store/carousel', { mediaIds: ids.slice(0, 5) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().carousel.map((m: { id: string }) => m.id)).toEqual(ids.slice(0, 5));

    // Reordering sends the new order.
    const reordered = [ids[4], ids[0], ids[2], ids[1], ids[3]];
    await put(merchant, '/api/store/carousel', { mediaIds: reordered });
    const shown = (await merchant.get('/api/store')).json().carousel as { id: string }[];
    expect(shown.map((m) => m.id)).toEqual(reordered);

    // Two saves at once: one wins whole, neither fails.
    const [a, b] = await Promise.all([
      put(merchant, '/api/store/carousel', { mediaIds: [ids[0], ids[1]] }),
      put(merchant, '/api/store/carousel', { mediaIds: [ids[2]] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = (await merchant.get('/api/store')).json().carousel as { id: string }[];
    expect([[ids[0], ids[1]], [ids[2]]]).toContainEqual(after.map((m) => m.id));

    expect((await put(merchant, '/api/store/carousel', { mediaIds: [] })).json().carousel).toEqual(
      [],
    );
    // The other merchant's store is untouched by all of this.
    expect((await other.get('/api/store')).json().carousel).toEqual([]);
  });

  it('refuses an SSM document by its content and size, keeping nothing and the status', async () => {
    const before = await storedDocuments();
    const pngBytes = await png();
    expectCode(await uploadSsm(merchant, 'ssm.pdf', pngBytes), 415, 'FILE_TYPE_MISMATCH');
    expectCode(await uploadSsm(merchant, 'scan.jpg', PDF), 415, 'FILE_TYPE_MISMATCH');
    expectCode(
      await uploadSsm(
        merchant,
        'ssm.txt',
        Buffer.from('SSM 202301012345 (1234567-X)\n'.repeat(50)),
      ),
      415,
      'UNSUPPORTED_FILE',
    );
    expectCode(
      await uploadSsm(merchant, 'ssm.pdf', Buffer.concat([PDF, Buffer.alloc(10 * MB)])),
      413,
      'FILE_TOO_LARGE',
    );
    expectCode(await uploadSsm(merchant, 'empty.pdf', Buffer.alloc(0)), 400, 'FILE_REQUIRED');
    expectCode(await uploadSsm(merchant, 'ssm.pdf', PDF, 'document'), 400, 'FILE_REQUIRED');
    expectCode(
      await merchant.post('/api/store/ssm', { file: 'ssm.pdf' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(await storedDocuments()).toEqual(before);
    expect((await merchant.get('/api/me')).json().businessStatus).toBe('unverified');
  });

  it('takes a PDF privately: Pending review, downloadable by its merchant only', async () => {
    const res = await uploadSsm(merchant, 'SSM 鱼行 Segar.pdf', PDF);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().ssmDocument;
    expect(res.json()).toMatchObject({ businessStatus: 'pending', businessRejectReason: null });
    expect(doc).toMatchObject({
      fileName: 'SSM 鱼行 Segar.pdf',
      mime: 'application/pdf',
      size: PDF.length,
    });
    expect((await merchant.get('/api/me')).json().businessStatus).toBe('pending');

    // Stored under DATA_DIR/documents, never among the public media.
    expect((await storedDocuments()).files).toEqual([expect.stringMatching(/^[\w-]{22}\.pdf$/)]);
    const name = (await storedDocuments()).files[0]!;
    expect((await t.app.inject(`/media/${name}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/documents/${name}`)).statusCode).not.toBe(200);

    const file = await merchant.get(`/api/store/ssm/${doc.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="SSM __ Segar.pdf"; filename*=UTF-8''SSM%20%E9%B1%BC%E8%A1%8C%20Segar.pdf`,
    );
    expect(file.rawPayload.equals(PDF)).toBe(true);

    expectCode(await other.get(`/api/store/ssm/${doc.id}`), 404, 'NOT_FOUND');
    expectCode(
      await merchant.get('/api/store/ssm/00000000-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
    );
    expectCode(await merchant.get('/api/store/ssm/..%2f..%2fconfig'), 400, 'INVALID_ID');
    expect((await new Client(t.app).get(`/api/store/ssm/${doc.id}`)).statusCode).toBe(401);
  });

  it('lets a pending merchant replace the document; the operator lists and reads the latest', async () => {
    const photo = await sharp({
      create: { width: 300, height: 400, channels: 3, background: '#ffffff' },
    })
      .jpeg()
      .toBuffer();
    const res = await uploadSsm(merchant, 'ssm-photo.JPG', photo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ssmDocument).toMatchObject({ mime: 'image/jpeg', fileName: 'ssm-photo.JPG' });

    const list = await operatorCall('GET', '/merchants?businessStatus=pending');
    const row = list
      .json()
      .items.find((m: { merchantPhone: string }) => m.merchantPhone === '+60125550201');
    expect(row).toMatchObject({ businessStatus: 'pending', ssmSubmittedAt: expect.any(String) });
    const others = await operatorCall('GET', '/merchants?businessStatus=unverified');
    expect(others.json().items[0]).toMatchObject({
      merchantPhone: '+60125550202',
      ssmSubmittedAt: null,
    });

    const latest = await operatorCall('GET', '/merchants/012-555%200201/ssm-document');
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['content-type']).toBe('image/jpeg');
    expect(latest.rawPayload.equals(photo)).toBe(true);
    expectCode(
      await operatorCall('GET', '/merchants/012-555%200202/ssm-document'),
      404,
      'NOT_FOUND',
    );
    const anonymous = await t.app.inject('/api/operator/merchants/012-555%200201/ssm-document');
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows the operator’s rejection with its reason, then the verification, on /api/me and /api/store', async () => {
    const reject = await operatorCall('POST', '/merchants/012-555%200201/business/reject', {
      reason: 'The SSM number is unreadable',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    for (const url of ['/api/me', '/api/store']) {
      expect((await merchant.get(url)).json()).toMatchObject({
        businessStatus: 'rejected',
        businessRejectReason: 'The SSM number is unreadable',
      });
    }

    // Submitting again after a rejection: Pending, and the old reason goes.
    const again = await uploadSsm(merchant, 'ssm-clear.pdf', PDF);
    expect(again.json()).toMatchObject({ businessStatus: 'pending', businessRejectReason: null });

    const verify = await operatorCall('POST', '/merchants/012-555%200201/business/verify');
    expect(verify.statusCode, verify.body).toBe(200);
    for (const url of ['/api/me', '/api/store']) {
      expect((await merchant.get(url)).json()).toMatchObject({
        businessStatus: 'verified',
        businessRejectReason: null,
      });
    }
  });

  it('refuses a new document once Verified, keeping nothing', async () => {
    const before = await storedDocuments();
    expectCode(await uploadSsm(merchant, 'ssm.pdf', PDF), 409, 'BUSINESS_ALREADY_VERIFIED');
    expect(await storedDocuments()).toEqual(before);
    expect((await merchant.get('/api/me')).json().businessStatus).toBe('verified');
  });

  it('names a download safely, whatever the uploaded name holds', () => {
    expect(attachmentDisposition('a"b\\c\r\n.pdf')).toBe(
      `attachment; filename="a_b_c__.pdf"; filename*=UTF-8''a%22b%5Cc%0D%0A.pdf`,
    );
    expect(downloadName('C:\\Users\\me\\ssm\u0007.pdf', 'application/pdf')).toBe('ssm.pdf');
    expect(downloadName('.pdf', 'application/pdf')).toBe('ssm-document.pdf');
    expect(downloadName(`${'x'.repeat(200)}.png`, 'image/png')).toHaveLength(115);
  });

  it('documents the store routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/store',
        '/api/store/basic-info',
        '/api/store/profile',
        '/api/store/carousel',
        '/api/store/ssm',
        '/api/store/ssm/{id}',
        '/api/operator/merchants/{merchant}/ssm-document',
      ]),
    );
    expect(Object.keys(doc.paths['/api/store/ssm'].post.requestBody.content)).toEqual([
      'multipart/form-data',
    ]);
  });
});
