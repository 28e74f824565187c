import type { RecordPeriod } from '@sm/contract';
import { recordsApi } from '@sm/contract/route-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, pathOf } from '../../lib/api';

/** Query keys of the feature: order events could invalidate `all`. */
export const recordsKeys = {
  all: ['businessRecords'] as const,
  range: (period: RecordPeriod, from: string, to: string) =>
    ['businessRecords', period, from, to] as const,
};

export interface RecordsRange {
  period: RecordPeriod;
  from: string;
  to: string;
}

export const recordsQueryOptions = ({ period, from, to }: RecordsRange) =>
  queryOptions({
    queryKey: recordsKeys.range(period, from, to),
    queryFn: ({ signal }) => api(recordsApi.list, { query: { period, from, to }, signal }),
    // Switching period or range keeps the last records on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const exportUrl = ({ period, from, to }: RecordsRange) =>
  pathOf(recordsApi.export, { query: { period, from, to } });

/** The plain file name the server gives (`filename="…"`), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const name = disposition ? /filename="([^"/\\]+)"/.exec(disposition)?.[1] : undefined;
  return name ?? fallback;
}

/**
 * Downloads the CSV of exactly this range: fetched (so a failure can be told, which a plain link
 * cannot), then saved under the server's file name.
 */
export async function downloadRecords(range: RecordsRange): Promise<void> {
  const response = await fetch(exportUrl(range), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`export answered ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(
    response.headers.get('content-disposition'),
    `business-records-${range.period}.csv`,
  );
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; a minute is ample on a slow phone.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
