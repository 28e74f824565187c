/**
 * Days in Asia/Kuala_Lumpur (PRODUCT.md §2: Today / 7d / 30d and printed dates). Malaysia is UTC+8
 * all year, with no daylight saving, so a fixed offset is exact.
 */
export const KL_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a moment in Malaysia. */
export function klDate(at: Date): string {
  return new Date(at.getTime() + KL_OFFSET_MS).toISOString().slice(0, 10);
}

/** `yyMMdd` of a moment in Malaysia, as order and batch numbers use it. */
export function klDay(at: Date): string {
  return klDate(at).slice(2).replace(/-/g, '');
}

/** The moment a Malaysian day (`YYYY-MM-DD`) starts, `plusDays` later. */
export function klDayStart(date: string, plusDays = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - KL_OFFSET_MS + plusDays * DAY_MS);
}

/** `YYYY-MM-DD HH:mm` in Malaysia, for documents and exports. */
export function klDateTime(at: Date): string {
  return new Date(at.getTime() + KL_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
