import {
  type Boat,
  type BoatListResponse,
  type ColdRoom,
  type ColdRoomListResponse,
  MAX_BOATS,
  MAX_COLD_ROOMS,
  TEXT_MAX_LENGTH,
} from '@sm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lotInput,
  multipart,
  publish,
  registerAccount,
  seedDemoData,
  signIn,
  uploadPhoto,
} from '../../../test/auctions.js';
import { Client, createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { insertStore } from '../store/store.repo.js';

/** Just enough of an ISO media file for the sniffer: an `ftyp` box and an empty `mdat`. */
const MP4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32000000086d646174', 'hex');
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const tooLong = 'x'.repeat(TEXT_MAX_LENGTH + 1);

const boatsOf = async (client: Client) => (await client.get('/api/boats')).json<BoatListResponse>();
const roomsOf = async (client: Client) =>
  (await client.get('/api/cold-rooms')).json<ColdRoomListResponse>();

async function expectError(
  res: { statusCode: number; body: string; json: <T>() => T },
  status: number,
  expected: { code: string; message?: string; field?: string },
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject(expected);
}

describe.each(DB_KINDS)('boats and cold rooms on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let other: Client;
  let accountSeq = 6_200;
  /** A merchant of its own for the limits and for the default names. */
  let bulk: Client;
  let owner: Client;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    other = await registerAccount(t, 'merchant', (accountSeq += 1));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('boats', () => {
    it('lists the demo store’s two boats for the lot form, oldest first, with their photos', async () => {
      const { items } = await boatsOf(merchant);
      expect(items.map((b) => b.boatNumber).sort()).toEqual(['SLF 3307', 'SLF 4521']);
      for (const boat of items) {
        expect(boat).toMatchObject({
          id: expect.any(String),
          ownerName: expect.any(String),
          imageId: null,
          imageUrl: null,
          thumbUrl: null,
        });
      }
      expect((await boatsOf(other)).items).toEqual([]);
      expect((await new Client(t.app).get('/api/boats')).statusCode).toBe(401);
    });

    it('adds, reads, changes and deletes a boat with its photo, trimming what was typed', async () => {
      const photo = await uploadPhoto(merchant);
      const added = await merchant.post('/api/boats', {
        boatNumber: '  PKA 1188 ',
        ownerName: ' Lim Chee Keong ',
        imageId: photo,
      });
      expect(added.statusCode, added.body).toBe(200);
      const boat = added.json<Boat>();
      expect(boat).toMatchObject({
        boatNumber: 'PKA 1188',
        ownerName: 'Lim Chee Keong',
        imageId: photo,
        imageUrl: expect.stringMatching(/^\/media\/.+\.webp$/),
        thumbUrl: expect.stringMatching(/^\/media\/.+\.webp$/),
      });
      expect((await merchant.get(`/api/boats/${boat.id}`)).json()).toEqual(boat);
      expect((await boatsOf(merchant)).items.at(-1)).toEqual(boat);

      // The whole boat is sent again: leaving the photo out removes it.
      const changed = await merchant.request('PUT', `/api/boats/${boat.id}`, {
        boatNumber: 'PKA 1189',
        ownerName: 'Lim Chee Keong',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        id: boat.id,
        boatNumber: 'PKA 1189',
        imageId: null,
        imageUrl: null,
      });

      const removed = await merchant.request('DELETE', `/api/boats/${boat.id}`);
      expect(removed.json()).toEqual({ ok: true });
      await expectError(await merchant.get(`/api/boats/${boat.id}`), 404, { code: 'NOT_FOUND' });
      await expectError(await merchant.request('DELETE', `/api/boats/${boat.id}`), 404, {
        code: 'NOT_FOUND',
      });
    });

    it('answers each invalid field with its code, message and field', async () => {
      const valid = { boatNumber: 'JHF 2024', ownerName: 'Siti' };
      const cases: [Record<string, unknown>, string, string, string][] = [
        [{}, 'BOAT_NUMBER_REQUIRED', 'boatNumber', 'Enter the boat number'],
        [
          { ...valid, boatNumber: undefined },
          'BOAT_NUMBER_REQUIRED',
          'boatNumber',
          'Enter the boat number',
        ],
        [
          { ...valid, boatNumber: '   ' },
          'BOAT_NUMBER_REQUIRED',
          'boatNumber',
          'Enter the boat number',
        ],
        [
          { ...valid, boatNumber: null },
          'BOAT_NUMBER_REQUIRED',
          'boatNumber',
          'Enter the boat number',
        ],
        [
          { ...valid, ownerName: undefined },
          'OWNER_NAME_REQUIRED',
          'ownerName',
          'Enter the owner name',
        ],
        [{ ...valid, ownerName: '' }, 'OWNER_NAME_REQUIRED', 'ownerName', 'Enter the owner name'],
        [{ ...valid, boatNumber: tooLong }, 'TEXT_TOO_LONG', 'boatNumber', 'Text is too long'],
        [{ ...valid, ownerName: tooLong }, 'TEXT_TOO_LONG', 'ownerName', 'Text is too long'],
        [{ ...valid, boatNumber: 42 }, 'BAD_REQUEST', 'boatNumber', 'Invalid request'],
        [{ ...valid, imageId: 'photo.jpg' }, 'INVALID_ID', 'imageId', 'Invalid ID'],
        [{ ...valid, imageId: 7 }, 'BAD_REQUEST', 'imageId', 'Invalid request'],
      ];
      for (const [body, code, field, message] of cases) {
        const res = await merchant.post('/api/boats', body);
        await expectError(res, 400, { code, field, message });
      }
      // 140 characters is still fine.
      const longest = 'y'.repeat(TEXT_MAX_LENGTH);
      const ok = await merchant.post('/api/boats', { boatNumber: longest, ownerName: longest });
      expect(ok.statusCode, ok.body).toBe(200);
      await merchant.request('DELETE', `/api/boats/${ok.json<Boat>().id}`);
      // Nothing refused was stored.
      expect((await boatsOf(merchant)).items).toHaveLength(2);
    });

    it('keeps boat numbers unique per merchant, whatever their case and spacing', async () => {
      await expectError(
        await merchant.post('/api/boats', { boatNumber: 'slf4521', ownerName: 'Someone' }),
        409,
        {
          code: 'BOAT_NUMBER_TAKEN',
          field: 'boatNumber',
          message: 'You already have a boat with this number',
        },
      );
      const boat = (
        await merchant.post('/api/boats', { boatNumber: 'TRF 77', ownerName: 'Ali' })
      ).json<Boat>();
      // Renaming onto another boat's number is refused; keeping its own (respelled) is fine.
      await expectError(
        await merchant.request('PUT', `/api/boats/${boat.id}`, {
          boatNumber: 'SLF  3307',
          ownerName: 'Ali',
        }),
        409,
        { code: 'BOAT_NUMBER_TAKEN', field: 'boatNumber' },
      );
      const respelled = await merchant.request('PUT', `/api/boats/${boat.id}`, {
        boatNumber: 'trf77',
        ownerName: 'Ali bin Abu',
      });
      expect(respelled.statusCode, respelled.body).toBe(200);
      expect(respelled.json()).toMatchObject({ boatNumber: 'trf77', ownerName: 'Ali bin Abu' });
      // Another merchant's fleet is its own.
      const theirs = await other.post('/api/boats', { boatNumber: 'SLF 4521', ownerName: 'Other' });
      expect(theirs.statusCode, theirs.body).toBe(200);
      await merchant.request('DELETE', `/api/boats/${boat.id}`);
      await other.request('DELETE', `/api/boats/${theirs.json<Boat>().id}`);
    });

    it('adds one boat of two sent at once with the same number', async () => {
      const body = { boatNumber: 'KDF 909', ownerName: 'Tan' };
      const answers = await Promise.all([
        merchant.post('/api/boats', body),
        merchant.post('/api/boats', { ...body, boatNumber: 'kdf 909' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const added = answers.find((a) => a.statusCode === 200)?.json<Boat>();
      await merchant.request('DELETE', `/api/boats/${added?.id}`);
    });

    it('answers 404 for another merchant’s boat or photo, and refuses a video as the photo', async () => {
      const mine = (await boatsOf(merchant)).items[0];
      if (!mine) throw new Error('no demo boat');
      const body = { boatNumber: 'X 1', ownerName: 'X' };
      await expectError(await other.get(`/api/boats/${mine.id}`), 404, { code: 'NOT_FOUND' });
      await expectError(await other.request('PUT', `/api/boats/${mine.id}`, body), 404, {
        code: 'NOT_FOUND',
      });
      await expectError(await other.request('DELETE', `/api/boats/${mine.id}`), 404, {
        code: 'NOT_FOUND',
      });
      await expectError(await merchant.get(`/api/boats/${MISSING_ID}`), 404, { code: 'NOT_FOUND' });
      await expectError(await merchant.get('/api/boats/not-an-id'), 400, { code: 'INVALID_ID' });
      // Untouched by the stranger.
      expect((await merchant.get(`/api/boats/${mine.id}`)).json()).toEqual(mine);

      const theirPhoto = await uploadPhoto(other);
      const foreign = { ...body, imageId: theirPhoto };
      await expectError(await merchant.post('/api/boats', foreign), 404, {
        code: 'NOT_FOUND',
        field: 'imageId',
      });
      await expectError(await merchant.request('PUT', `/api/boats/${mine.id}`, foreign), 404, {
        code: 'NOT_FOUND',
        field: 'imageId',
      });
      await expectError(await merchant.post('/api/boats', { ...body, imageId: MISSING_ID }), 404, {
        code: 'NOT_FOUND',
        field: 'imageId',
      });

      const video = await multipart('clip.mp4', MP4, 'video/mp4');
      const uploaded = await merchant.request('POST', '/api/media', video.payload, video.headers);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      await expectError(
        await merchant.post('/api/boats', { ...body, imageId: uploaded.json<{ id: string }>().id }),
        400,
        { code: 'MEDIA_NOT_PHOTO', field: 'imageId' },
      );
      expect((await boatsOf(merchant)).items).toHaveLength(2);
    });

    it('leaves published lots with the boat they were published with, after an edit or a delete', async () => {
      const boat = (
        await merchant.post('/api/boats', { boatNumber: 'SLF 1001', ownerName: 'Rahman' })
      ).json<Boat>();
      const auction = await publish(merchant, [await lotInput(merchant, t, { boatId: boat.id })]);
      const lotId = auction.lotIds[0];
      const lotBoat = async () => (await merchant.get(`/api/lots/${lotId}`)).json().boat;
      expect(await lotBoat()).toEqual({ id: boat.id, boatNumber: 'SLF 1001', ownerName: 'Rahman' });

      await merchant.request('PUT', `/api/boats/${boat.id}`, {
        boatNumber: 'SLF 1002',
        ownerName: 'Rahman bin Hassan',
      });
      expect(await lotBoat()).toMatchObject({ boatNumber: 'SLF 1001', ownerName: 'Rahman' });

      const removed = await merchant.request('DELETE', `/api/boats/${boat.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await lotBoat()).toMatchObject({ boatNumber: 'SLF 1001', ownerName: 'Rahman' });
      // A deleted boat is gone from the lot form: a new lot cannot use it.
      const again = await merchant.post('/api/auctions', {
        lots: [await lotInput(merchant, t, { boatId: boat.id })],
      });
      await expectError(again, 404, { code: 'NOT_FOUND', field: 'lots.0.boatId' });
    });

    it(`stops at ${MAX_BOATS} boats`, async () => {
      bulk = await registerAccount(t, 'merchant', (accountSeq += 1));
      for (let i = 0; i < MAX_BOATS; i += 1) {
        const res = await bulk.post('/api/boats', { boatNumber: `B ${i}`, ownerName: 'Owner' });
        expect(res.statusCode, res.body).toBe(200);
      }
      await expectError(
        await bulk.post('/api/boats', { boatNumber: 'B last', ownerName: 'Owner' }),
        409,
        { code: 'TOO_MANY_BOATS', message: 'At most 50 boats' },
      );
    });
  });

  describe('cold rooms', () => {
    it('shows the demo store’s flag and room; the flag can be switched off and on', async () => {
      const start = await roomsOf(merchant);
      expect(start).toMatchObject({ storeSetUp: true, hasColdRoom: true });
      expect(start.items.map((r) => r.name)).toEqual(['Bilik Sejuk Jeti']);

      for (const hasColdRoom of [false, true]) {
        const res = await merchant.request('PUT', '/api/cold-rooms/settings', { hasColdRoom });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ hasColdRoom });
        expect((await roomsOf(merchant)).hasColdRoom).toBe(hasColdRoom);
      }
      await expectError(await merchant.request('PUT', '/api/cold-rooms/settings', {}), 400, {
        code: 'REQUIRED_FIELDS',
        field: 'hasColdRoom',
      });
      await expectError(
        await merchant.request('PUT', '/api/cold-rooms/settings', { hasColdRoom: 'yes' }),
        400,
        { code: 'BAD_REQUEST', field: 'hasColdRoom' },
      );
    });

    it('sets the flag only once the store’s basic info is saved', async () => {
      const fresh = await registerAccount(t, 'merchant', (accountSeq += 1));
      expect(await roomsOf(fresh)).toEqual({ storeSetUp: false, hasColdRoom: false, items: [] });
      await expectError(
        await fresh.request('PUT', '/api/cold-rooms/settings', { hasColdRoom: true }),
        409,
        { code: 'STORE_BASIC_INFO_REQUIRED', field: 'hasColdRoom' },
      );
      const me = (await fresh.get('/api/me')).json<{ id: string }>();
      await insertStore(t.database.db, { merchantId: me.id, name: 'Fresh Store' });
      expect(await roomsOf(fresh)).toMatchObject({ storeSetUp: true, hasColdRoom: false });
      const on = await fresh.request('PUT', '/api/cold-rooms/settings', { hasColdRoom: true });
      expect(on.json()).toEqual({ hasColdRoom: true });
      expect((await roomsOf(fresh)).hasColdRoom).toBe(true);
    });

    it('names unnamed rooms Cold Room 1, 2… filling the number a deleted one freed', async () => {
      owner = await registerAccount(t, 'merchant', (accountSeq += 1));
      const add = async (body: Record<string, unknown> = {}) => {
        const res = await owner.post('/api/cold-rooms', body);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<ColdRoom>();
      };
      const first = await add();
      expect(first).toMatchObject({
        name: 'Cold Room 1',
        ownerName: null,
        imageId: null,
        active: true,
      });
      const second = await add({ name: '   ', ownerName: '  Mei Ling ' });
      expect(second).toMatchObject({ name: 'Cold Room 2', ownerName: 'Mei Ling' });
      const named = await add({ name: 'Freezer A', active: false });
      expect(named).toMatchObject({ name: 'Freezer A', active: false });
      expect((await add()).name).toBe('Cold Room 3');

      await owner.request('DELETE', `/api/cold-rooms/${first.id}`);
      expect((await add()).name).toBe('Cold Room 1');
      // A name typed like a default one counts too.
      await add({ name: 'cold room 4' });
      expect((await add()).name).toBe('Cold Room 5');

      // A cleared name: a default room keeps its own, a named one takes the next free number.
      const cleared = await owner.request('PUT', `/api/cold-rooms/${second.id}`, { name: '' });
      expect(cleared.json()).toMatchObject({ name: 'Cold Room 2', ownerName: null });
      const renamed = await owner.request('PUT', `/api/cold-rooms/${named.id}`, {});
      expect(renamed.json()).toMatchObject({ name: 'Cold Room 6', active: true });

      const names = (await roomsOf(owner)).items.map((r) => r.name);
      expect(names).toEqual([
        'Cold Room 2',
        'Cold Room 6',
        'Cold Room 3',
        'Cold Room 1',
        'cold room 4',
        'Cold Room 5',
      ]);
    });

    it('gives rooms added at once different numbers', async () => {
      // Rooms 1 to 6 exist from the test before.
      const answers = await Promise.all([1, 2, 3].map(() => owner.post('/api/cold-rooms', {})));
      expect(answers.map((a) => a.json<ColdRoom>().name).sort()).toEqual([
        'Cold Room 7',
        'Cold Room 8',
        'Cold Room 9',
      ]);
    });

    it('changes a room: its name, owner, photo and active flag', async () => {
      const photo = await uploadPhoto(merchant, '#88aacc');
      const room = (
        await merchant.post('/api/cold-rooms', { name: 'Chiller B', imageId: photo })
      ).json<ColdRoom>();
      expect(room).toMatchObject({
        imageId: photo,
        imageUrl: expect.stringMatching(/^\/media\//),
        thumbUrl: expect.stringMatching(/^\/media\//),
      });
      const body = { name: 'Chiller B', ownerName: 'Tan Ah Kow', imageId: photo };
      const off = await merchant.request('PUT', `/api/cold-rooms/${room.id}`, {
        ...body,
        active: false,
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ ...body, active: false });
      expect((await merchant.get(`/api/cold-rooms/${room.id}`)).json()).toMatchObject({
        active: false,
      });
      const listed = (await roomsOf(merchant)).items.find((r) => r.id === room.id);
      expect(listed).toMatchObject({ active: false, ownerName: 'Tan Ah Kow' });
      const on = await merchant.request('PUT', `/api/cold-rooms/${room.id}`, {
        ...body,
        active: true,
      });
      expect(on.json()).toMatchObject({ active: true });
      expect((await merchant.request('DELETE', `/api/cold-rooms/${room.id}`)).json()).toEqual({
        ok: true,
      });
      expect((await roomsOf(merchant)).items.some((r) => r.id === room.id)).toBe(false);
    });

    it('answers each invalid field with its code, message and field', async () => {
      const cases: [Record<string, unknown>, string, string, string][] = [
        [{ name: tooLong }, 'TEXT_TOO_LONG', 'name', 'Text is too long'],
        [{ ownerName: tooLong }, 'TEXT_TOO_LONG', 'ownerName', 'Text is too long'],
        [{ name: 3 }, 'BAD_REQUEST', 'name', 'Invalid request'],
        [{ active: 'no' }, 'BAD_REQUEST', 'active', 'Invalid request'],
        [{ imageId: 'x' }, 'INVALID_ID', 'imageId', 'Invalid ID'],
      ];
      const before = (await roomsOf(merchant)).items.length;
      for (const [body, code, field, message] of cases) {
        await expectError(await merchant.post('/api/cold-rooms', body), 400, {
          code,
          field,
          message,
        });
      }
      expect((await roomsOf(merchant)).items).toHaveLength(before);
    });

    it('answers 404 for another merchant’s cold room or photo', async () => {
      const mine = (await roomsOf(merchant)).items[0];
      if (!mine) throw new Error('no demo cold room');
      await expectError(await other.get(`/api/cold-rooms/${mine.id}`), 404, { code: 'NOT_FOUND' });
      await expectError(
        await other.request('PUT', `/api/cold-rooms/${mine.id}`, { active: false }),
        404,
        { code: 'NOT_FOUND' },
      );
      await expectError(await other.request('DELETE', `/api/cold-rooms/${mine.id}`), 404, {
        code: 'NOT_FOUND',
      });
      expect((await merchant.get(`/api/cold-rooms/${mine.id}`)).json()).toEqual(mine);
      expect((await roomsOf(other)).items).toEqual([]);

      const theirPhoto = await uploadPhoto(other, '#aa3366');
      await expectError(await merchant.post('/api/cold-rooms', { imageId: theirPhoto }), 404, {
        code: 'NOT_FOUND',
        field: 'imageId',
      });
      await expectError(
        await merchant.request('PUT', `/api/cold-rooms/${mine.id}`, { imageId: theirPhoto }),
        404,
        { code: 'NOT_FOUND', field: 'imageId' },
      );
      expect((await merchant.get(`/api/cold-rooms/${mine.id}`)).json()).toEqual(mine);
    });

    it(`stops at ${MAX_COLD_ROOMS} cold rooms`, async () => {
      for (let i = 0; i < MAX_COLD_ROOMS; i += 1) {
        expect((await bulk.post('/api/cold-rooms', {})).statusCode).toBe(200);
      }
      await expectError(await bulk.post('/api/cold-rooms', {}), 409, {
        code: 'TOO_MANY_COLD_ROOMS',
        message: 'At most 50 cold rooms',
      });
    });
  });
});
