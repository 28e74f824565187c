import {
  type BusinessDocument,
  type MapTiles,
  missingTaxFields,
  type StoreProfile,
  type StoreTaxDetails,
  type StoreTaxDetailsValues,
  type storeBasicInfoInput,
  type storeCarouselInput,
  type storeProfileInput,
} from '@sm/contract';
import { msicDescription } from '@sm/contract/msic';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { taxDetailsChanged } from '../invoices/index.js';
import { checkOwnPhotos } from '../media/media.service.js';
import type { UploadedFile } from '../../lib/upload-file.js';
import { mediaItemOf } from '../media/index.js';
import { createDocumentStore, downloadName } from './store.documents.js';
import * as repo from './store.repo.js';

export interface StoreDeps {
  db: Db;
  clock: Clock;
  /** DATA_DIR/documents: SSM documents, private. */
  documentsDir: string;
  mapTiles: MapTiles;
  log: FastifyBaseLogger;
}

const documentView = (row: repo.DocumentRow): BusinessDocument => ({
  id: row.id,
  fileName: row.originalName,
  mime: row.mime,
  size: row.size,
  submittedAt: row.createdAt.toISOString(),
});

/**
 * The merchant's store (PRODUCT.md §7) and the SSM document that moves the business status to
 * Pending review (§3). Every photo id sent is checked against the merchant: another merchant's
 * answers 404, as a missing one does.
 */
export function createStoreService({ db, clock, documentsDir, mapTiles, log }: StoreDeps) {
  const documents = createDocumentStore({ dir: documentsDir, log });

  async function profileOf(tx: Tx, merchantId: string): Promise<StoreProfile> {
    const row = await repo.storeOf(tx, merchantId);
    if (!row) throw new AppError('NOT_FOUND');
    const carousel = await repo.carouselOf(tx, merchantId);
    const document = await repo.documentOf(tx, merchantId);
    const { store } = row;
    return {
      name: store?.name ?? null,
      address: store?.address ?? null,
      latitude: store?.latitude ?? null,
      longitude: store?.longitude ?? null,
      logo: row.logo && mediaItemOf(row.logo),
      description: store?.description ?? null,
      announcements: store?.announcements ?? [],
      carousel: carousel.map(mediaItemOf),
      hasColdRoom: store?.hasColdRoom ?? false,
      businessStatus: row.businessStatus,
      businessRejectReason: row.businessRejectReason,
      ssmDocument: document && documentView(document),
      mapTiles,
    };
  }

  /** What the tax details form and the operator see; NOT_FOUND for no such merchant. */
  async function taxDetailsOf(tx: Tx, merchantId: string): Promise<StoreTaxDetails> {
    const row = await repo.storeOf(tx, merchantId);
    if (!row) throw new AppError('NOT_FOUND');
    const store = row.store;
    const saved = {
      tin: store?.tin ?? null,
      registrationNumber: store?.registrationNumber ?? null,
      // 'NA' is how the seed and LHDN write "not registered".
      sstNumber: store?.sstNumber && store.sstNumber !== 'NA' ? store.sstNumber : null,
      msicCode: store?.msicCode ?? null,
      businessActivity: store?.businessActivity ?? null,
      addressLines: store?.addressLines ?? [],
      postcode: store?.postcode ?? null,
      city: store?.city ?? null,
      stateCode: store?.stateCode ?? null,
    };
    return {
      ...saved,
      missing: missingTaxFields(saved),
      updatedAt: store?.taxUpdatedAt?.toISOString() ?? null,
    };
  }

  /**
   * Saves the tax details whole, checked field by field by the contract and here against LHDN's
   * MSIC list. Answers the details before and after (the operator's audit keeps both).
   */
  async function saveTaxDetails(tx: Tx, merchantId: string, input: StoreTaxDetailsValues) {
    if (!msicDescription(input.msicCode)) {
      throw new AppError('MSIC_INVALID', { field: 'msicCode' });
    }
    const before = await taxDetailsOf(tx, merchantId);
    const saved = await repo.updateTaxDetails(tx, merchantId, {
      ...input,
      taxUpdatedAt: clock.now(),
    });
    if (!saved) throw new AppError('STORE_BASIC_INFO_REQUIRED');
    const after = await taxDetailsOf(tx, merchantId);
    await taxDetailsChanged(tx, merchantId, after.missing, clock.now());
    return { before, after };
  }

  /** Each id is a photo of this merchant's: 404 for a missing or another's, as PRODUCT.md §8 says. */
  return {
    get: (merchantId: string) => profileOf(db, merchantId),

    taxDetails: (merchantId: string) => taxDetailsOf(db, merchantId),

    /** The merchant's own save. */
    async saveTaxDetails(merchantId: string, input: StoreTaxDetailsValues) {
      return db.transaction(async (tx) => (await saveTaxDetails(tx, merchantId, input)).after);
    },

    /** The operator's correction, inside the operator's audited transaction. */
    correctTaxDetails: saveTaxDetails,

    /** Creates the store on the first save; the name then shows on Home and Profile (GET /api/me). */
    async saveBasicInfo(merchantId: string, input: z.output<typeof storeBasicInfoInput>) {
      return db.transaction(async (tx) => {
        if (input.logoMediaId) await checkOwnPhotos(tx, merchantId, [input.logoMediaId]);
        await repo.upsertBasicInfo(tx, merchantId, input);
        return profileOf(tx, merchantId);
      });
    },

    /** Description and announcements belong to a store: its basic info comes first. */
    async saveProfile(merchantId: string, input: z.output<typeof storeProfileInput>) {
      return db.transaction(async (tx) => {
        if (!(await repo.updateStoreProfile(tx, merchantId, input))) {
          throw new AppError('STORE_BASIC_INFO_REQUIRED');
        }
        return profileOf(tx, merchantId);
      });
    },

    /** The carousel becomes exactly these photos, in this order. */
    async saveCarousel(merchantId: string, input: z.output<typeof storeCarouselInput>) {
      return db.transaction(async (tx) => {
        // Two saves at once would both delete, then collide on the positions: one at a time.
        if (!(await repo.lockBusinessStatus(tx, merchantId))) throw new AppError('NOT_FOUND');
        await checkOwnPhotos(tx, merchantId, input.mediaIds);
        await repo.replaceCarousel(tx, merchantId, input.mediaIds);
        return profileOf(tx, merchantId);
      });
    },

    /**
     * Keeps the SSM document and sets the business status to Pending review for the operator
     * (the reason of an earlier rejection goes). A pending merchant may replace the document; a
     * verified one is refused: re-uploading would take away the right to publish until the next
     * review, which nobody would expect from adding a file. Earlier documents are kept, for the
     * record of what was reviewed.
     */
    async submitSsm(merchantId: string, file: UploadedFile): Promise<StoreProfile> {
      if ((await repo.businessStatusOf(db, merchantId)) === 'verified') {
        file.stream.resume();
        throw new AppError('BUSINESS_ALREADY_VERIFIED');
      }
      const stored = await documents.store(file);
      try {
        return await db.transaction(async (tx) => {
          // Checked again under the lock: the operator may have verified it meanwhile.
          const status = await repo.lockBusinessStatus(tx, merchantId);
          if (!status) throw new AppError('NOT_FOUND');
          if (status === 'verified') throw new AppError('BUSINESS_ALREADY_VERIFIED');
          // The latest is the one with the latest time: two in one millisecond (or under a
          // stopped test clock) still get a strict order, which the lock makes safe to pick.
          const previous = await repo.documentOf(tx, merchantId);
          const now = clock.now().getTime();
          const createdAt = new Date(Math.max(now, (previous?.createdAt.getTime() ?? 0) + 1));
          await repo.insertDocument(tx, {
            merchantId,
            fileName: stored.fileName,
            originalName: downloadName(file.fileName, stored.mime),
            mime: stored.mime,
            size: stored.size,
            createdAt,
          });
          await repo.setBusinessStatus(tx, merchantId, 'pending', null);
          return profileOf(tx, merchantId);
        });
      } catch (err) {
        await documents.remove(stored.fileName);
        throw err;
      }
    },

    /**
     * One of the merchant's documents (or, without an id, the latest: what the operator reviews)
     * with its bytes; 404 for another merchant's, as for a missing one.
     */
    async openDocument(merchantId: string, id?: string) {
      const row = await repo.documentOf(db, merchantId, id);
      if (!row) throw new AppError('NOT_FOUND');
      return { document: documentView(row), stream: await documents.open(row.fileName) };
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
