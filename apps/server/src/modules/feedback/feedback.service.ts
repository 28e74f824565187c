import {
  type Feedback,
  type feedbackInput,
  type FeedbackListResponse,
  FEEDBACK_PER_HOUR,
  type Locale,
} from '@sm/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Clock, secondsUntil } from '../../lib/clock.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './feedback.repo.js';

type FeedbackValues = z.output<typeof feedbackInput>;

const HOUR_MS = 60 * 60_000;

const feedbackOfRow = (row: repo.FeedbackRow): Feedback => ({
  id: row.id,
  category: row.category,
  message: row.message,
  contact: row.contact,
  appVersion: row.appVersion,
  locale: row.locale as Locale,
  createdAt: row.createdAt.toISOString(),
});

export function createFeedbackService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * Stores a merchant's feedback. At most FEEDBACK_PER_HOUR in any hour: the count and the insert
     * run under the merchant's lock, so parallel requests cannot slip past the limit together.
     */
    async submit(merchantId: string, input: FeedbackValues): Promise<Feedback> {
      const row = await db.transaction(async (tx) => {
        await repo.lockMerchantFeedback(tx, merchantId);
        const now = clock.now();
        const recent = await repo.feedbackTimesSince(tx, merchantId, new Date(+now - HOUR_MS));
        if (recent.length >= FEEDBACK_PER_HOUR) {
          // The moment enough of the hour's messages have aged out for one more.
          const frees = recent[recent.length - FEEDBACK_PER_HOUR] ?? now;
          const retryAfterSeconds = secondsUntil(+frees + HOUR_MS, +now);
          throw new AppError('FEEDBACK_LIMIT', { retryAfterSeconds });
        }
        return repo.insertFeedback(tx, {
          merchantId,
          category: input.category,
          message: input.message,
          contact: input.contact ?? null,
          appVersion: input.appVersion,
          locale: input.locale,
          createdAt: now,
        });
      });
      return feedbackOfRow(row);
    },

    /** The merchant's own feedback, newest first; nobody else's is ever listed. */
    async list(
      merchantId: string,
      query: { cursor?: string | undefined; limit: number },
    ): Promise<FeedbackListResponse> {
      const after = decodeCursor(query.cursor);
      const rows = await repo.feedbackOf(db, merchantId, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(feedbackOfRow),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
