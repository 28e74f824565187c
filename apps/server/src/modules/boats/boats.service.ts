import {
  type Boat,
  type boatInput,
  boatNumberKey,
  type ColdRoom,
  type coldRoomInput,
  type ColdRoomListResponse,
  defaultColdRoomName,
  defaultColdRoomNumber,
  MAX_BOATS,
  MAX_COLD_ROOMS,
  nextColdRoomNumber,
} from '@sm/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { type MediaRow, mediaItemOf } from '../media/index.js';
import { checkOwnPhotos } from '../media/media.service.js';
import * as repo from './boats.repo.js';

type BoatValues = z.output<typeof boatInput>;
type ColdRoomValues = z.output<typeof coldRoomInput>;

const imageOf = (image: MediaRow | null) => {
  const item = image && mediaItemOf(image);
  return {
    imageId: item?.id ?? null,
    imageUrl: item?.url ?? null,
    thumbUrl: item?.thumbUrl ?? item?.url ?? null,
  };
};

const boatView = ({ row, image }: repo.WithImage<repo.BoatRow>): Boat => ({
  id: row.id,
  boatNumber: row.boatNumber,
  ownerName: row.ownerName,
  ...imageOf(image),
  createdAt: row.createdAt.toISOString(),
});

const coldRoomView = ({ row, image }: repo.WithImage<repo.ColdRoomRow>): ColdRoom => ({
  id: row.id,
  name: row.name,
  ownerName: row.ownerName,
  ...imageOf(image),
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

/** The store's boats (the lot form picks from them) and cold rooms (PRODUCT.md §7). */
export function createBoatService({ db }: { db: Db }) {
  async function ownBoat(tx: Tx, merchantId: string, boatId: string): Promise<Boat> {
    const found = await repo.boatWithImage(tx, merchantId, boatId);
    if (!found) throw new AppError('NOT_FOUND');
    return boatView(found);
  }

  /** One boat per number: 'SLF 4521' and 'slf4521' are the same boat. */
  async function checkBoatNumber(tx: Tx, merchantId: string, boatNumber: string, self?: string) {
    const key = boatNumberKey(boatNumber);
    const others = (await repo.boatNumbersOf(tx, merchantId)).filter((b) => b.id !== self);
    if (others.some((b) => boatNumberKey(b.boatNumber) === key)) {
      throw new AppError('BOAT_NUMBER_TAKEN', { field: 'boatNumber' });
    }
    return others.length;
  }

  const boatValues = (input: BoatValues): repo.BoatValues => ({
    boatNumber: input.boatNumber,
    ownerName: input.ownerName,
    imageMediaId: input.imageId,
  });

  async function ownColdRoom(tx: Tx, merchantId: string, roomId: string): Promise<ColdRoom> {
    const found = await repo.coldRoomWithImage(tx, merchantId, roomId);
    if (!found) throw new AppError('NOT_FOUND');
    return coldRoomView(found);
  }

  return {
    async listBoats(merchantId: string): Promise<Boat[]> {
      return (await repo.boatsWithImages(db, merchantId)).map(boatView);
    },

    getBoat: (merchantId: string, boatId: string) => ownBoat(db, merchantId, boatId),

    async createBoat(merchantId: string, input: BoatValues): Promise<Boat> {
      return db.transaction(async (tx) => {
        await repo.lockMerchantFleet(tx, merchantId);
        const count = await checkBoatNumber(tx, merchantId, input.boatNumber);
        if (count >= MAX_BOATS) throw new AppError('TOO_MANY_BOATS');
        await checkOwnPhotos(tx, merchantId, input.imageId ? [input.imageId] : [], 'imageId');
        const id = await repo.insertBoat(tx, merchantId, boatValues(input));
        return ownBoat(tx, merchantId, id);
      });
    },

    /**
     * Changes the boat (the whole of it). Lots already published keep the number and owner they
     * were published with; the next lot takes the new ones.
     */
    async updateBoat(merchantId: string, boatId: string, input: BoatValues): Promise<Boat> {
      return db.transaction(async (tx) => {
        await repo.lockMerchantFleet(tx, merchantId);
        await ownBoat(tx, merchantId, boatId);
        await checkBoatNumber(tx, merchantId, input.boatNumber, boatId);
        await checkOwnPhotos(tx, merchantId, input.imageId ? [input.imageId] : [], 'imageId');
        await repo.updateBoat(tx, merchantId, boatId, boatValues(input));
        return ownBoat(tx, merchantId, boatId);
      });
    },

    /** Its lots stay as published: they copied the boat's number and owner (boat_id goes null). */
    async deleteBoat(merchantId: string, boatId: string): Promise<void> {
      if (!(await repo.deleteBoat(db, merchantId, boatId))) throw new AppError('NOT_FOUND');
    },

    async listColdRooms(merchantId: string): Promise<ColdRoomListResponse> {
      const [flag, rooms] = await Promise.all([
        repo.hasColdRoomOf(db, merchantId),
        repo.coldRoomsWithImages(db, merchantId),
      ]);
      return {
        storeSetUp: flag !== null,
        hasColdRoom: flag ?? false,
        items: rooms.map(coldRoomView),
      };
    },

    getColdRoom: (merchantId: string, roomId: string) => ownColdRoom(db, merchantId, roomId),

    /** A room left unnamed is 'Cold Room N', N the smallest number no room of the merchant uses. */
    async createColdRoom(merchantId: string, input: ColdRoomValues): Promise<ColdRoom> {
      return db.transaction(async (tx) => {
        await repo.lockMerchantFleet(tx, merchantId);
        const names = (await repo.coldRoomNamesOf(tx, merchantId)).map((r) => r.name);
        if (names.length >= MAX_COLD_ROOMS) throw new AppError('TOO_MANY_COLD_ROOMS');
        await checkOwnPhotos(tx, merchantId, input.imageId ? [input.imageId] : [], 'imageId');
        const id = await repo.insertColdRoom(tx, merchantId, {
          name: input.name ?? defaultColdRoomName(nextColdRoomNumber(names)),
          ownerName: input.ownerName ?? null,
          imageMediaId: input.imageId,
          active: input.active,
        });
        return ownColdRoom(tx, merchantId, id);
      });
    },

    /**
     * Changes the room (the whole of it). Its name cleared, it takes a default name again, keeping
     * the one it has if that already is a 'Cold Room N'.
     */
    async updateColdRoom(
      merchantId: string,
      roomId: string,
      input: ColdRoomValues,
    ): Promise<ColdRoom> {
      return db.transaction(async (tx) => {
        await repo.lockMerchantFleet(tx, merchantId);
        const current = await ownColdRoom(tx, merchantId, roomId);
        await checkOwnPhotos(tx, merchantId, input.imageId ? [input.imageId] : [], 'imageId');
        let name = input.name;
        if (name === undefined) {
          const others = (await repo.coldRoomNamesOf(tx, merchantId))
            .filter((r) => r.id !== roomId)
            .map((r) => r.name);
          const keep =
            defaultColdRoomNumber(current.name) !== null && !others.includes(current.name);
          name = keep ? current.name : defaultColdRoomName(nextColdRoomNumber(others));
        }
        await repo.updateColdRoom(tx, merchantId, roomId, {
          name,
          ownerName: input.ownerName ?? null,
          imageMediaId: input.imageId,
          active: input.active,
        });
        return ownColdRoom(tx, merchantId, roomId);
      });
    },

    async deleteColdRoom(merchantId: string, roomId: string): Promise<void> {
      if (!(await repo.deleteColdRoom(db, merchantId, roomId))) throw new AppError('NOT_FOUND');
    },

    /** The store's has-cold-room flag: it needs the store, saved first through its basic info. */
    async setHasColdRoom(merchantId: string, hasColdRoom: boolean) {
      if (!(await repo.setHasColdRoom(db, merchantId, hasColdRoom))) {
        throw new AppError('STORE_BASIC_INFO_REQUIRED', { field: 'hasColdRoom' });
      }
      return { hasColdRoom };
    },
  };
}

export type BoatService = ReturnType<typeof createBoatService>;
